import common from '../locales/fi/common.json' with { type: 'json' };
import errors from '../locales/fi/errors.json' with { type: 'json' };
import validation from '../locales/fi/validation.json' with { type: 'json' };
import site from '../locales/fi/site.json' with { type: 'json' };
import type { coreNamespaces, LanguageResources } from './namespaces.ts';

/** The web shell's Finnish texts (coreNamespaces): one chunk, loaded before the first render. */
export const core: Pick<LanguageResources, (typeof coreNamespaces)[number]> = { common, errors, validation, site };
