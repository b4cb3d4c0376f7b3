/** `s` as a literal inside a regular expression (JavaScript, and PostgreSQL's ARE syntax alike). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
