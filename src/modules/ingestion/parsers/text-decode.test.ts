import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetFromContentType, decodeText, sniffHtmlCharset } from './text-decode.js';

const withBom = (bom: number[], body: Buffer) => Buffer.concat([Buffer.from(bom), body]);

describe('decodeText', () => {
  it('honours every BOM and strips it', () => {
    const s = 'Grüße, 世界 🤠';
    expect(decodeText(withBom([0xef, 0xbb, 0xbf], Buffer.from(s)))).toMatchObject({ text: s, encoding: 'utf-8', source: 'bom' });
    expect(decodeText(withBom([0xff, 0xfe], Buffer.from(s, 'utf16le')))).toMatchObject({ text: s, encoding: 'utf-16le' });
    expect(decodeText(withBom([0xfe, 0xff], Buffer.from(s, 'utf16le').swap16()))).toMatchObject({ text: s, encoding: 'utf-16be' });
    expect(decodeText(withBom([0xff, 0xfe, 0, 0], iconv.encode(s, 'utf-32le')))).toMatchObject({ text: s, encoding: 'utf-32le' });
    expect(decodeText(withBom([0, 0, 0xfe, 0xff], iconv.encode(s, 'utf-32be')))).toMatchObject({ text: s, encoding: 'utf-32be' });
  });

  it('recognises UTF-16 without a BOM', () => {
    expect(decodeText(Buffer.from('plain ASCII in UTF-16 little endian', 'utf16le'))).toMatchObject({
      text: 'plain ASCII in UTF-16 little endian',
      encoding: 'utf-16le',
    });
  });

  it('prefers valid UTF-8 over a wrong declaration (a page declaring gb2312 that is UTF-8)', () => {
    const html = Buffer.from('<meta charset="gb2312"><p>让人工智能技术具备通过记忆学习的能力</p>');
    const d = decodeText(html, { html: true, declaredCharset: 'gb2312' });
    expect(d.encoding).toBe('utf-8');
    expect(d.text).toContain('让人工智能技术具备通过记忆学习的能力');
  });

  it('uses the meta charset when the bytes are not UTF-8', () => {
    const html = Buffer.concat([Buffer.from('<html><head><meta charset="gb2312"></head><body>'), iconv.encode('人人有权享有和平集会和结社的自由', 'gbk')]);
    const d = decodeText(html, { html: true });
    expect(d).toMatchObject({ encoding: 'gbk', source: 'meta' });
    expect(d.text).toContain('人人有权享有和平集会和结社的自由');
  });

  it('uses a Content-Type charset when the bytes are not UTF-8', () => {
    const d = decodeText(iconv.encode('Привет, мир', 'koi8-r'), { declaredCharset: charsetFromContentType('text/plain; charset="KOI8-R"') });
    expect(d).toMatchObject({ text: 'Привет, мир', encoding: 'koi8-r', source: 'declared' });
  });

  it('detects Big5 and Latin-1 / windows-1252 without any declaration', () => {
    const big5 = '文言維基始於丙戌年七夕，即西曆二〇〇六年八月三十一日，為維基媒體之屬。'.repeat(4);
    expect(decodeText(iconv.encode(big5, 'big5'))).toMatchObject({ text: big5, encoding: 'big5', source: 'detected' });
    const latin = 'Kvinnan åt köttbullar med lingonsylt för 10 € – © 2024';
    expect(decodeText(iconv.encode(latin, 'windows-1252'))).toMatchObject({ text: latin, encoding: 'windows-1252' });
    expect(decodeText(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xa9]))).toMatchObject({ text: 'a,b\n©', encoding: 'windows-1252' });
  });

  it('decodes nearly-valid UTF-8 leniently instead of falling back to a legacy charset', () => {
    const good = Buffer.from('Ελληνικά κείμενα με πολλούς χαρακτήρες ');
    const d = decodeText(Buffer.concat([good, Buffer.from([0xff]), good]));
    expect(d).toMatchObject({ encoding: 'utf-8', source: 'lenient-utf-8', invalidSequences: 1 });
    expect(d.text).toContain('Ελληνικά');
  });

  it('handles empty input', () => {
    expect(decodeText(new Uint8Array(0))).toMatchObject({ text: '', source: 'empty' });
  });
});

describe('charset sniffing helpers', () => {
  it('reads charset from Content-Type and from HTML/XML prologues', () => {
    expect(charsetFromContentType('text/html; charset=ISO-8859-1')).toBe('ISO-8859-1');
    expect(charsetFromContentType('text/html')).toBeUndefined();
    expect(sniffHtmlCharset(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'))).toBe('windows-1251');
    expect(sniffHtmlCharset(Buffer.from('<?xml version="1.0" encoding="ISO-8859-2"?><html/>'))).toBe('ISO-8859-2');
  });
});
