import common from '../locales/en/common.json' with { type: 'json' };
import errors from '../locales/en/errors.json' with { type: 'json' };
import validation from '../locales/en/validation.json' with { type: 'json' };
import site from '../locales/en/site.json' with { type: 'json' };
import type { coreNamespaces, LanguageResources } from './namespaces.ts';

/** The web shell's English texts (coreNamespaces): one chunk, loaded before the first render. */
export const core: Pick<LanguageResources, (typeof coreNamespaces)[number]> = { common, errors, validation, site };
