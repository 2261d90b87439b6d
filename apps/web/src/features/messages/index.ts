/** Messages and attachments of a transaction (order page thread and files, the orders list's unread counts). */
export { MessageThread } from './components/message-thread.tsx';
export type { MessageThreadProps } from './components/message-thread.tsx';
export { AttachmentsPanel } from './components/attachments-panel.tsx';
export { AttachmentLink } from './components/attachment-link.tsx';
export { UnreadCount } from './components/unread-count.tsx';
export { useUnreadMessages, messageKeys } from './api/messages-api.ts';
export { formatFileSize } from './components/file-size.ts';

// The listing page's "Ask the seller" dialog has its own entry, ./enquiry.ts: this index would bring the thread's code along.
