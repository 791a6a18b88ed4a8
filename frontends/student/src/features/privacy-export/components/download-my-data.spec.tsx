/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PrivacyExportMessages, PrivacyExportPath, PrivacyExportTexts } from '@medtutor/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { DownloadMyData } from './download-my-data';

/** Issue 26: "Download my data" saves the export as a file, or says why it could not. */

const fetchMock = mockFetchPerTest();
const createObjectURL = jest.fn((_blob: Blob) => 'blob:medpath/export');
const revokeObjectURL = jest.fn();
let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  clicked = [];
  createObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** jsdom has no Response: the fields apiDownload reads. */
const fileReply = (blob: Blob, fileName: string) =>
  ({
    ok: true,
    status: 200,
    statusText: '',
    headers: new Headers({ 'Content-Disposition': `attachment; filename="${fileName}"` }),
    blob: async () => blob,
  }) as unknown as Response;

describe('DownloadMyData', () => {
  it("downloads the export under the server's file name, with the session cookie", async () => {
    const file = new Blob(['{"export":{}}'], { type: 'application/json' });
    fetchMock.mockResolvedValue(fileReply(file, 'medpath-data-2026-05-04.json'));
    render(<DownloadMyData />);
    fireEvent.click(screen.getByRole('button', { name: PrivacyExportTexts.button }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(PrivacyExportPath);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(clicked[0]).toMatchObject({ download: 'medpath-data-2026-05-04.json', href: 'blob:medpath/export' });
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the export could not be completed when a service is down (503), and saves nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        { statusCode: 503, code: 'COMMON.SERVICE_UNAVAILABLE', message: PrivacyExportMessages.unavailable },
        503,
      ),
    );
    render(<DownloadMyData />);
    fireEvent.click(screen.getByRole('button', { name: PrivacyExportTexts.button }));

    expect(await screen.findByText(PrivacyExportMessages.unavailable)).toBeTruthy();
    expect(screen.getByText(PrivacyExportTexts.failedTitle)).toBeTruthy();
    expect(clicked).toHaveLength(0);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
