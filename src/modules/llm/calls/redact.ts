/** Shortest piece of a key that counts as leaking it: shorter runs occur by chance in ordinary words and ids. */
const MIN_SECRET_FRAGMENT = 8;
const MARK = '[redacted]';

/** Provider messages sometimes echo part of the key ("Incorrect API key provided: sk-ab***yz"). */
export function redactKeyShapes(message: string): string {
  return message.replace(/\b(?:sk|pk|gsk)[-_][-_A-Za-z0-9*.…]{4,}|\bAIza[-_A-Za-z0-9]{10,}/g, MARK);
}

/** removeSecret for each of `secrets`. */
export function removeSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((cleaned, secret) => removeSecret(cleaned, secret), text);
}

/**
 * Removes the key itself and every run of at least MIN_SECRET_FRAGMENT characters copied from it. Patterns alone miss
 * keys without a known prefix, and a provider may echo the key whole, cut, or mid-sentence; an upstream message
 * passes through here before it is stored (error log, provider health) or returned.
 */
export function removeSecret(text: string, secret: string | null | undefined): string {
  if (!secret) return text;
  if (secret.length < MIN_SECRET_FRAGMENT) return secret.length >= 4 ? text.split(secret).join(MARK) : text;
  const pieces = new Set<string>();
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= secret.length; i++) pieces.add(secret.slice(i, i + MIN_SECRET_FRAGMENT));
  // Every character covered by some piece of the key is marked; a longer fragment is a chain of overlapping pieces.
  const marked = new Uint8Array(text.length);
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= text.length; i++) {
    if (pieces.has(text.slice(i, i + MIN_SECRET_FRAGMENT))) marked.fill(1, i, i + MIN_SECRET_FRAGMENT);
  }
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (!marked[i]) out += text[i];
    else if (i === 0 || !marked[i - 1]) out += MARK;
  }
  return out;
}
