/** Whether a database error is PostgreSQL's unique_violation (23505), as either driver reports it. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');
