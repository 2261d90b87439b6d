export { hasOwnListingsKey } from './current-user-loader.ts';
import { registerOwnListingsLoader } from './current-user-loader.ts';

registerOwnListingsLoader();
