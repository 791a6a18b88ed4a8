/** @jest-environment jsdom */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentsPage,
  ErrorCodes,
  RefundMessages,
} from '@medtutor/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NoticeViewport } from '@medtutor/web-kit';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns } from '@medtutor/web-kit/testing/jsdom';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { PaymentsTab } from './payments-tab';

const fetchMock = mockFetchPerTest();

// Each test takes one to three seconds; more than jest's 5 s when other jobs load the machine.
jest.setTimeout(30_000);

beforeAll(installAntdStandIns);

const adaId = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const benId = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const payment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  paymentId: adaId,
  userId: 7,
  studentName: 'Ada Lovelace',
  studentEmail: 'ada@example.com',
  subject: 'Medical School Interviews',
  packageType: 'package5',
  packageName: '5 Sessions',
  hours: 5,
  currency: 'GBP',
  amount: 16000,
  formattedAmount: '£160.00',
  discountCode: 'WELCOME30',
  status: 'succeeded',
  refundedAmount: 0,
  formattedRefundedAmount: '£0.00',
  refundableAmount: 16000,
  provider: 'stripe',
  providerReference: 'pi_3Qada',
  createdAt: '2026-11-25T10:05:00.000Z',
  paidAt: '2026-11-25T10:06:00.000Z',
  ...over,
});

const detail = (over: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail => ({
  ...payment(),
  failureReason: null,
  refunds: [],
  disputes: [],
  settlement: { currency: 'GBP', amount: 15500, formattedAmount: '£155.00', exchangeRate: null },
  ...over,
});

const ben = payment({
  paymentId: benId,
  userId: 8,
  studentName: 'Ben Okafor',
  studentEmail: 'ben@example.com',
  subject: 'UCAT',
  packageType: 'package10',
  packageName: '10 Sessions',
  hours: 10,
  currency: 'USD',
  amount: 40640,
  formattedAmount: '$406.40',
  discountCode: null,
  status: 'partially_refunded',
  refundedAmount: 10000,
  formattedRefundedAmount: '$100.00',
  refundableAmount: 30640,
  providerReference: 'pi_3Qben',
});

const page = (items: AdminPayment[], total = items.length): AdminPaymentsPage => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

interface Server {
  list?: AdminPaymentsPage;
  detail?: AdminPaymentDetail;
  /** The refund's answer: the payment after it, or an error reply. */
  refund?: { status: number; body: unknown };
}

/** A stand-in for the gateway: answers by method and path, and records every request. */
const serving = (server: Server) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.endsWith('/refund')) return jsonReply(server.refund?.body, server.refund?.status);
    if (url.startsWith('/api/admin/payments/')) return jsonReply(server.detail);
    if (url.startsWith('/api/admin/payments')) return jsonReply(server.list);
    return jsonReply({ statusCode: 404, code: ErrorCodes.notFound, message: 'Not found' }, 404);
  });

const requests = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
const listRequests = () => requests().filter((request) => request.startsWith('GET /api/admin/payments?'));

/*
 * Speed: jsdom's getComputedStyle matches every rule of antd's injected styles against the element
 * and its ancestors, and the accessible name of a role query asks it for every node under every
 * candidate. So the tests wait on text (which computes no style) and then query by role once, on a
 * small container, never in a polling findByRole; and antd's motion is off, so a drawer or popover
 * appears and goes in one render instead of an animation's worth of DOM changes. The shell's
 * NoticeViewport shows the notices, as it does around the remote.
 */
const renderTab = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <PaymentsTab />
        </SWRConfig>
        <NoticeViewport />
      </App>
    </ConfigProvider>,
  );

/**
 * The list's body rows as their cells' text. Read by role, but with `hidden: true`: what the rows hold
 * is the point, and telling whether each row and cell is visible costs a computed style per element.
 */
const rows = () =>
  within(screen.getAllByRole('table', { hidden: true })[0]!)
    .getAllByRole('row', { hidden: true })
    .filter((row) => row.getAttribute('data-row-key'))
    .map((row) =>
      within(row)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent),
    );

/** Picks an option of an antd Select by its visible label. */
const choose = async (name: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (item) => item.textContent === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(choice);
};

/**
 * The open drawer. Found by its title's text rather than its accessible name: under NODE_ENV=test
 * antd gives every generated id the same value, so aria-labelledby points at another element.
 */
const findDrawer = async () => {
  // Waits on the title's text, then asks once for the (visible) dialogs.
  await screen.findByText('Payment details', { selector: '.ant-drawer-title' });
  const drawer = screen
    .getAllByRole('dialog')
    .find((dialog) => dialog.querySelector('.ant-drawer-title')?.textContent === 'Payment details');
  if (!drawer) throw new Error('The drawer "Payment details" is not open');
  return drawer;
};

/** Ada's row of the list, once it is shown. */
const rowOfAda = async () => {
  const row = (await screen.findByText('Ada Lovelace')).closest<HTMLElement>('tr[data-row-key]');
  if (!row) throw new Error('Ada Lovelace is not in a row of the list');
  return row;
};

/** Opens the drawer with the row's Details button, found by its accessible name (its aria-label). */
const openDetailsOfAda = async () => {
  fireEvent.click(within(await rowOfAda()).getByLabelText('Details: Ada Lovelace, £160.00', { selector: 'button' }));
  return findDrawer();
};

/** The drawer's Refund button, asked for within the refund form. */
const refundButton = (drawer: HTMLElement) => {
  const form = drawer.querySelector<HTMLElement>('form');
  if (!form) throw new Error('The drawer has no refund form');
  return within(form).getByRole('button', { name: 'Refund' });
};

/** The confirmation's Yes button, once the question (the confirmation's title) is shown. */
const confirmButton = async (question: string | RegExp) => {
  const popover = (await screen.findByText(question)).closest<HTMLElement>('.ant-popover');
  if (!popover) throw new Error('The question is not in a confirmation');
  return within(popover).getByRole('button', { name: 'Yes' });
};

describe('PaymentsTab list', () => {
  it('shows a row per payment from the first page', async () => {
    serving({ list: page([payment(), ben], 2) });
    renderTab();

    await screen.findByText('Ada Lovelace');
    expect(rows()).toEqual([
      [
        '25 Nov 2026, 10:05',
        'Ada Lovelaceada@example.com',
        'Medical School Interviews5 Sessions',
        '£160.00',
        'WELCOME30',
        'Succeeded',
        '£0.00',
        'pi_3Qada',
        'Details',
      ],
      [
        '25 Nov 2026, 10:05',
        'Ben Okaforben@example.com',
        'UCAT10 Sessions',
        '$406.40',
        '—',
        'Partially refunded',
        '$100.00',
        'pi_3Qben',
        'Details',
      ],
    ]);
    expect(screen.getByText('2 payments')).not.toBeNull();
    expect(requests()).toEqual(['GET /api/admin/payments?page=1&pageSize=20']);
  });

  it('asks the server again with the search and each filter, from the first page', async () => {
    serving({ list: page([payment()], 45) });
    renderTab();
    await screen.findByText('Ada Lovelace');

    const search = screen.getByRole('searchbox', { name: 'Search payments' });
    fireEvent.change(search, { target: { value: '  ada@example.com ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(listRequests()).toContain('GET /api/admin/payments?q=ada%40example.com&page=1&pageSize=20'),
    );

    await choose('Filter by status', 'Refunded');
    await waitFor(() =>
      expect(listRequests()).toContain(
        'GET /api/admin/payments?q=ada%40example.com&status=refunded&page=1&pageSize=20',
      ),
    );

    await choose('Filter by currency', 'JPY (¥)');
    await waitFor(() =>
      expect(listRequests()).toContain(
        'GET /api/admin/payments?q=ada%40example.com&status=refunded&currency=JPY&page=1&pageSize=20',
      ),
    );
  });

  it('filters on the created date range, each end as a date', async () => {
    serving({ list: page([payment()]) });
    renderTab();
    await screen.findByText('Ada Lovelace');

    const from = screen.getByPlaceholderText('Created from');
    const to = screen.getByPlaceholderText('Created to');
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.focus(to);
    fireEvent.change(to, { target: { value: '2026-11-25' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() =>
      expect(listRequests()).toContain('GET /api/admin/payments?from=2026-11-01&to=2026-11-25&page=1&pageSize=20'),
    );
  });

  it('pages on the server', async () => {
    serving({ list: page([payment()], 45) });
    renderTab();
    await screen.findByText('Ada Lovelace');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listRequests()).toContain('GET /api/admin/payments?page=2&pageSize=20'));
  });
});

describe('PaymentsTab drawer', () => {
  it('opens from the Details button with every field, refunds, disputes and the settlement', async () => {
    serving({
      list: page([payment({ status: 'partially_refunded' })]),
      detail: detail({
        status: 'partially_refunded',
        refundedAmount: 6400,
        formattedRefundedAmount: '£64.00',
        refundableAmount: 9600,
        refunds: [
          {
            id: '11111111-2222-4333-8444-555555555555',
            providerRefundId: 're_1',
            amount: 4000,
            formattedAmount: '£40.00',
            status: 'succeeded',
            reason: 'Two sessions cancelled',
            requestedBy: 3,
            createdAt: '2026-11-25T11:00:00.000Z',
          },
          {
            id: '11111111-2222-4333-8444-666666666666',
            providerRefundId: 're_2',
            amount: 2400,
            formattedAmount: '£24.00',
            status: 'succeeded',
            reason: null,
            requestedBy: null,
            createdAt: '2026-11-25T12:00:00.000Z',
          },
        ],
        disputes: [
          {
            id: 'dp_1',
            status: 'won',
            amount: 16000,
            formattedAmount: '£160.00',
            reason: 'fraudulent',
            openedAt: '2026-11-25T13:00:00.000Z',
            closedAt: '2026-11-25T15:00:00.000Z',
          },
        ],
        settlement: { currency: 'GBP', amount: 15500, formattedAmount: '£155.00', exchangeRate: null },
      }),
    });
    renderTab();

    const drawer = await openDetailsOfAda();
    await within(drawer).findByText('pi_3Qada');
    const field = (label: string) =>
      [...drawer.querySelectorAll('.ant-descriptions-item-label')].find((cell) => cell.textContent === label)
        ?.nextElementSibling?.textContent;
    expect(field('Student')).toBe('Ada Lovelace');
    expect(field('Email')).toBe('ada@example.com');
    expect(field('Reference')).toBe('pi_3Qada');
    expect(field('Amount')).toBe('£160.00');
    expect(field('Refunded')).toBe('£64.00');
    expect(field('Left to refund')).toBe('£96.00');
    expect(field('Status')).toBe('Partially refunded');
    expect(field('Discount code')).toBe('WELCOME30');
    // The antd tables, not the Descriptions (a table too, when bordered).
    const [refunds, disputes] = [...drawer.querySelectorAll<HTMLElement>('.ant-table table')];
    const bodyRows = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell', { hidden: true })
            .map((cell) => cell.textContent),
        );
    expect(bodyRows(refunds!)).toEqual([
      ['£40.00', 'Succeeded', 'Two sessions cancelled', 'Admin (user 3)', '25 Nov 2026, 11:00'],
      ['£24.00', 'Succeeded', 'None given', 'Stripe dashboard', '25 Nov 2026, 12:00'],
    ]);
    expect(bodyRows(disputes!)).toEqual([['Won', '£160.00', 'fraudulent', '25 Nov 2026, 13:00', '25 Nov 2026, 15:00']]);
    expect(within(drawer).getByText('£155.00 (no conversion)')).not.toBeNull();
    expect(requests()).toContain(`GET /api/admin/payments/${adaId}`);
  });

  it('opens on a click anywhere in the row', async () => {
    serving({ list: page([payment()]), detail: detail() });
    renderTab();

    fireEvent.click(await screen.findByText('Medical School Interviews'));
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('pi_3Qada')).not.toBeNull();
  });
});

describe('PaymentsTab refund', () => {
  it('sends the amount typed in pounds as pence with the reason, then refreshes the list and the payment', async () => {
    serving({
      list: page([payment()]),
      detail: detail(),
      refund: {
        status: 200,
        body: detail({
          status: 'partially_refunded',
          refundedAmount: 6400,
          formattedRefundedAmount: '£64.00',
          refundableAmount: 9600,
        }),
      },
    });
    renderTab();
    const drawer = await openDetailsOfAda();

    const amount = await within(drawer).findByLabelText('Refund amount');
    expect(amount.getAttribute('placeholder')).toBe('160.00');
    fireEvent.change(amount, { target: { value: '64.00' } });
    fireEvent.change(within(drawer).getByLabelText('Reason'), { target: { value: 'Two sessions cancelled' } });
    fireEvent.click(refundButton(drawer));

    const yes = await confirmButton('Refund £64.00 to Ada Lovelace?');
    const listsBefore = listRequests().length;
    fireEvent.click(yes);

    await screen.findByText(RefundMessages.refundRequested);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/admin/payments/${adaId}/refund`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 6400, reason: 'Two sessions cancelled' });
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(listsBefore));
    await waitFor(() =>
      expect(requests().filter((request) => request === `GET /api/admin/payments/${adaId}`).length).toBe(2),
    );
  });

  it('refunds all that is left when no amount is typed', async () => {
    serving({ list: page([payment()]), detail: detail(), refund: { status: 200, body: detail() } });
    renderTab();
    const drawer = await openDetailsOfAda();

    fireEvent.change(await within(drawer).findByLabelText('Reason'), { target: { value: 'Course cancelled' } });
    fireEvent.click(refundButton(drawer));
    fireEvent.click(await confirmButton('Refund £160.00 to Ada Lovelace?'));

    await screen.findByText(RefundMessages.refundRequested);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Course cancelled' });
  });

  it('sends nothing while the form breaks the contract, and says why', async () => {
    serving({ list: page([payment()]), detail: detail({ refundableAmount: 9600 }) });
    renderTab();
    const drawer = await openDetailsOfAda();

    fireEvent.change(await within(drawer).findByLabelText('Refund amount'), { target: { value: '96.01' } });
    fireEvent.click(refundButton(drawer));

    expect(await within(drawer).findByText(RefundMessages.tooLarge('£96.00'))).not.toBeNull();
    expect(await within(drawer).findByText(RefundMessages.reasonRequired)).not.toBeNull();
    expect(screen.queryByText(/^Refund .* to Ada Lovelace\?$/)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's reason when it refuses", async () => {
    serving({
      list: page([payment()]),
      detail: detail(),
      refund: {
        status: 409,
        body: { statusCode: 409, code: ErrorCodes.refundNotAllowed, message: RefundMessages.disputeOpen },
      },
    });
    renderTab();
    const drawer = await openDetailsOfAda();

    fireEvent.change(await within(drawer).findByLabelText('Reason'), { target: { value: 'Asked by the student' } });
    fireEvent.click(refundButton(drawer));
    fireEvent.click(await confirmButton(/^Refund .* to Ada Lovelace\?$/));

    await screen.findByText(RefundMessages.disputeOpen);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Refund failed');
    expect(notice.textContent).toContain(RefundMessages.disputeOpen);
  });

  it('is disabled, with the reason, when nothing is left to refund', async () => {
    serving({
      list: page([payment({ status: 'refunded' })]),
      detail: detail({
        status: 'refunded',
        refundedAmount: 16000,
        formattedRefundedAmount: '£160.00',
        refundableAmount: 0,
      }),
    });
    renderTab();
    const drawer = await openDetailsOfAda();

    expect(await within(drawer).findByText(RefundMessages.nothingLeft)).not.toBeNull();
    expect(refundButton(drawer).hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByLabelText('Refund amount').hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByLabelText('Reason').hasAttribute('disabled')).toBe(true);
  });

  it('is disabled while a dispute is open', async () => {
    serving({
      list: page([payment({ status: 'disputed' })]),
      detail: detail({ status: 'disputed', refundableAmount: 0 }),
    });
    renderTab();
    const drawer = await openDetailsOfAda();

    expect(await within(drawer).findByText(RefundMessages.disputeOpen)).not.toBeNull();
    expect(refundButton(drawer).hasAttribute('disabled')).toBe(true);
  });
});
