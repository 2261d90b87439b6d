import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { makeMessage, pageOf, stubServer, TX_ID } from '../test-fixtures.ts';
import { MessageThread } from './message-thread.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const path = `/api/transactions/${TX_ID}/messages`;

async function renderThread(language: 'en' | 'fi' = 'en') {
  await session.init();
  renderWithProviders(<MessageThread transactionId={TX_ID} role="customer" />, { language });
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
const composer = () => screen.getByRole('textbox') as HTMLTextAreaElement;

describe('message thread', { timeout: 20_000 }, () => {
  it('shows the newest page last, loads older ones above it, and names banned senders as the server does', async () => {
    const older = [makeMessage('First question', 'customer', 'Bea Buyer', 1)];
    const newest = [makeMessage('An answer', 'provider', 'Banned user', 2), makeMessage('Thanks', 'customer', 'Bea Buyer', 3)];
    const asked: string[] = [];
    // The stub routes by path alone; the page asked for is in the URL.
    const fetch = stubServer({});
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (!url.startsWith(path)) return base(url, init);
      asked.push(url);
      const page = new URL(url, 'http://x').searchParams.get('page');
      return jsonResponse(200, page === '2' ? pageOf(older, 2, 2) : pageOf(newest, 1, 2));
    });
    await renderThread();
    await screen.findByText('An answer');
    expect(items()).toEqual([expect.stringMatching(/^Banned user · Seller · .*An answer$/), expect.stringMatching(/^You · Buyer · .*Thanks$/)]);
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('First question');
    expect(items().map((s) => s!.replace(/^.* · /, ''))).toEqual([expect.stringMatching(/First question$/), expect.stringMatching(/An answer$/), expect.stringMatching(/Thanks$/)]);
    expect(asked.some((u) => u.includes('page=2'))).toBe(true);
    // All pages are loaded: no more "older".
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull());
  });

  it('counts the trimmed text, sends with Ctrl+Enter, shows the sent message and empties the field', async () => {
    const sent: unknown[] = [];
    const thread = [makeMessage('Hello', 'provider', 'Sam Seller', 1)];
    stubServer({
      [`GET ${path}`]: () => jsonResponse(200, pageOf(thread, 1, 1)),
      [`POST ${path}`]: (body) => {
        sent.push(body);
        const m = makeMessage((body as { content: string }).content, 'customer', 'Bea Buyer', 5);
        thread.push(m);
        return jsonResponse(201, { data: m });
      },
    });
    await renderThread();
    await screen.findByText('Hello');
    expect(screen.getByTestId('message-counter').textContent).toBe('0 / 5000');
    fireEvent.change(composer(), { target: { value: '  Gangway at 8?\nThanks  ' } });
    expect(screen.getByTestId('message-counter').textContent).toBe('20 / 5000');
    fireEvent.keyDown(composer(), { key: 'Enter', ctrlKey: true });
    await screen.findByText(/Gangway at 8\?/);
    expect(sent).toEqual([{ content: 'Gangway at 8?\nThanks' }]);
    await waitFor(() => expect(composer().value).toBe(''));
    // A plain Enter is a line break, not a send.
    fireEvent.change(composer(), { target: { value: 'Line' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(sent).toHaveLength(1);
  });

  it('refuses an empty or over-long message with the limits’ texts and sends nothing', async () => {
    const post = vi.fn();
    stubServer({ [`GET ${path}`]: () => jsonResponse(200, pageOf([], 1, 0)), [`POST ${path}`]: post });
    await renderThread();
    await screen.findByText('No messages yet. Write the first one below.');
    fireEvent.change(composer(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message before sending.')).toBeTruthy();
    fireEvent.change(composer(), { target: { value: 'x'.repeat(5001) } });
    expect(screen.getByText('A message can be at most 5000 characters.')).toBeTruthy();
    expect(screen.getByTestId('message-counter').textContent).toBe('5001 / 5000');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.change(composer(), { target: { value: 'x'.repeat(5000) } });
    expect(screen.queryByText('A message can be at most 5000 characters.')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps the text when the server refuses it, with the catalogue text, and disables Send while sending', async () => {
    let release: (r: Response) => void = () => {};
    stubServer({
      [`GET ${path}`]: () => jsonResponse(200, pageOf([], 1, 0)),
      [`POST ${path}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await renderThread();
    await screen.findByText('No messages yet. Write the first one below.');
    fireEvent.change(composer(), { target: { value: 'Are you there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release(jsonResponse(409, { apiErrors: [{ code: 'message-recipient-unavailable', status: 409, meta: {} }] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The message was not sent: The other party’s account is banned or deleted, so they cannot receive messages.');
    expect(composer().value).toBe('Are you there?');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks Finnish', async () => {
    stubServer({ [`GET ${path}`]: () => jsonResponse(200, pageOf([makeMessage('Hei', 'provider', 'Deleted user', 1)], 1, 1)) });
    await renderThread('fi');
    await screen.findByText('Hei');
    expect(screen.getByRole('heading', { name: 'Viestit' })).toBeTruthy();
    expect(items()[0]).toMatch(/^Deleted user · Myyjä · /);
    expect(screen.getByRole('button', { name: 'Lähetä' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä' }));
    expect(await screen.findByText('Kirjoita viesti ennen lähettämistä.')).toBeTruthy();
  });
});
