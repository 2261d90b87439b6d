/**
 * Both languages. A module that adds a locale file imports it in ./en.ts and
 * ./fi.ts and names its namespace in ./namespaces.ts.
 */
export { en } from './en.ts';
export { fi } from './fi.ts';
