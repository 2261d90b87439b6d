export { api, parseAnswer, publicApi, session } from '../../../shared/api-client/index.ts';
export { errorFromResponse as errorFromFetch } from '../../../shared/api-client/api-error.ts';
