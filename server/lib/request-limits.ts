/** Largest request body any transport reads (REST and MCP alike); larger ones answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
