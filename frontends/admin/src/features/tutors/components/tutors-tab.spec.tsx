/** @jest-environment jsdom */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TutorDto } from '@medtutor/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { NoticeViewport } from '@medtutor/web-kit';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns } from '@medtutor/web-kit/testing/jsdom';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { BackOfficeNotices } from '../../../lib/messages';
import { TutorsTab } from './tutors-tab';

/** Issue 24: the Tutors tab deactivates (after a confirmation) and reactivates through their own routes. */

const fetchMock = mockFetchPerTest();

// antd renders slowly under jsdom when other jobs load the machine.
jest.setTimeout(30_000);

beforeAll(installAntdStandIns);

const tutor = (over: Partial<TutorDto>): TutorDto => ({
  id: 1,
  name: 'Dr Ada',
  specialty: 'Interviews',
  qualifications: '',
  photoUrl: null,
  calendarLink: 'https://cal.example/ada',
  subjects: [],
  active: true,
  userId: 8,
  ...over,
});

/** A stand-in for the gateway: the directory, and each status change answered with the changed entry. */
const serving = (directory: TutorDto[]) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const id = Number(url.match(/\/api\/admin\/tutors\/(\d+)/)?.[1]);
    const entry = directory.find((candidate) => candidate.id === id);
    if (method === 'POST' && url.endsWith('/reactivate') && entry) return jsonReply({ ...entry, active: true });
    if (method === 'DELETE' && entry) return jsonReply({ ...entry, active: false });
    return jsonReply(directory);
  });

const requests = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

const renderTab = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <TutorsTab />
        </SWRConfig>
        <NoticeViewport />
      </App>
    </ConfigProvider>,
  );

const rowOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest<HTMLElement>('tr[data-row-key]');
  if (!row) throw new Error(`${name} is not in a row`);
  return row;
};

describe('TutorsTab', () => {
  it('reactivates a deactivated tutor through POST …/reactivate and says so', async () => {
    serving([tutor({ id: 1 }), tutor({ id: 2, name: 'Dr Dee', active: false })]);
    renderTab();

    const dee = await rowOf('Dr Dee');
    expect(within(dee).getByText('Deactivated')).toBeTruthy();
    expect(within(dee).queryByLabelText('Deactivate Dr Dee', { selector: 'button' })).toBeNull();
    fireEvent.click(within(dee).getByLabelText('Reactivate Dr Dee', { selector: 'button' }));

    await screen.findByText(BackOfficeNotices.tutorReactivated);
    expect(requests()).toContain('POST /api/admin/tutors/2/reactivate');
    expect(requests().some((request) => request.startsWith('PATCH'))).toBe(false);
  });

  it('deactivates an active tutor only once the admin confirms', async () => {
    serving([tutor({ id: 1 })]);
    renderTab();

    const ada = await rowOf('Dr Ada');
    expect(within(ada).queryByLabelText('Reactivate Dr Ada', { selector: 'button' })).toBeNull();
    fireEvent.click(within(ada).getByLabelText('Deactivate Dr Ada', { selector: 'button' }));
    await screen.findByText('Deactivate Dr Ada?');
    expect(requests().some((request) => request.startsWith('DELETE'))).toBe(false);

    const confirm = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-dangerous');
    if (!confirm) throw new Error('No confirmation button');
    fireEvent.click(confirm);
    await screen.findByText(BackOfficeNotices.tutorDeactivated);
    expect(requests()).toContain('DELETE /api/admin/tutors/1');
  });
});
