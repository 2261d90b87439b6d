/** The port-calls module's parts for other modules (the carts' port-call picker): a port's calls and the port search field. */
export { usePortCalls } from './api/use-port-calls.ts';
export { PortSearchField, portOptionLabel } from './components/port-search-field.tsx';
