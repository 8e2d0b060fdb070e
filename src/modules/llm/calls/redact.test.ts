import { describe, expect, it } from 'vitest';
import { redactKeyShapes, removeSecret } from './redact.js';

const KEY = 'tenant0key7Qx9LmNpRsTuVw';

describe('removeSecret', () => {
  it('removes the whole key, wherever it stands', () => {
    expect(removeSecret(`Invalid API key: ${KEY}.`, KEY)).toBe('Invalid API key: [redacted].');
    expect(removeSecret(`${KEY}${KEY}`, KEY)).toBe('[redacted]');
  });

  it('removes any run of 8 or more characters copied from the key, not shorter ones', () => {
    expect(removeSecret('key prefix tenant0k, suffix RsTuVw', KEY)).toBe('key prefix [redacted], suffix RsTuVw');
    expect(removeSecret('middle -x9LmNpRsT- end', KEY)).toBe('middle -[redacted]- end');
    expect(removeSecret('only tenant0 here', KEY)).toBe('only tenant0 here');
  });

  it('leaves a message without the key, and any message when there is no key, as it is', () => {
    expect(removeSecret('The server had an error', KEY)).toBe('The server had an error');
    expect(removeSecret(`Invalid API key: ${KEY}`, undefined)).toBe(`Invalid API key: ${KEY}`);
  });

  it('removes a short key only where it occurs whole', () => {
    expect(removeSecret('key abc12 refused', 'abc12')).toBe('key [redacted] refused');
  });
});

describe('redactKeyShapes', () => {
  it('masks key-shaped strings of the known providers', () => {
    expect(redactKeyShapes('Incorrect API key provided: sk-ab***yz.')).toBe('Incorrect API key provided: [redacted]');
    expect(redactKeyShapes('key AIzaSyA1234567890abc rejected')).toBe('key [redacted] rejected');
  });
});
