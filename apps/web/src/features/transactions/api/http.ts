export { api, parseAnswer, session } from '../../../shared/api-client/index.ts';
