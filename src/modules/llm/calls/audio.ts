import { AppError, unprocessable } from '../../../platform/http/errors.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The audio of a transcription request: strict base64 (standard or URL-safe alphabet, optional data: URL prefix,
 * whitespace ignored). Node's decoder silently skips invalid characters, so the text is checked first: a corrupted
 * upload is a 422, not a provider error about an unreadable file.
 */
export function decodeAudio(text: string, maxBytes: number): Buffer {
  const loc = ['body', 'audio_base64'];
  let data = text;
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  if (comma >= 0) {
    if (!/;base64$/i.test(data.slice(0, comma))) throw unprocessable(loc, 'a data: URL must be base64-encoded (;base64,)');
    data = data.slice(comma + 1);
  }
  data = data.replace(/\s+/g, '');
  const standard = BASE64.test(data) && data.length % 4 === 0;
  const urlSafe = !standard && BASE64URL.test(data) && data.length % 4 !== 1;
  if (!standard && !urlSafe) throw unprocessable(loc, 'audio_base64 is not valid base64', 'base64');
  const decodedSize = Math.floor((data.length * 3) / 4);
  if (decodedSize > maxBytes + 3) throw new AppError('payload_too_large', `The audio is about ${decodedSize} bytes; the limit is ${maxBytes} bytes`);
  const audio = Buffer.from(data, standard ? 'base64' : 'base64url');
  if (audio.length === 0) throw unprocessable(loc, 'the audio is empty');
  if (audio.length > maxBytes) throw new AppError('payload_too_large', `The audio is ${audio.length} bytes; the limit is ${maxBytes} bytes`);
  return audio;
}
