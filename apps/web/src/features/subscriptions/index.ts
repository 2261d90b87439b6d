/** The cart page's entry to subscriptions: the Subscribe button (its dialog loads when pressed). */
export { SubscribeButton } from './components/subscribe-button.tsx';
