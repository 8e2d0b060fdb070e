/** pgvector's text form of a vector, for a `$n::vector` parameter; 7 significant digits is all a float32 holds. */
export function vectorLiteral(vector: Float32Array): string {
  let out = '[';
  for (let i = 0; i < vector.length; i++) {
    if (i > 0) out += ',';
    out += vector[i] === 0 ? '0' : vector[i].toPrecision(7);
  }
  return `${out}]`;
}
