export { AltAmount } from './components/alt-amount.tsx';
export { useDisplayCurrency, setDisplayCurrency, readDisplayCurrency, DISPLAY_CURRENCY_STORAGE_KEY } from './display-currency.ts';
export { useForex } from './api/forex-api.ts';
export { convertForDisplay } from './convert.ts';
