/** @jest-environment jsdom */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PrivacyExportMessages, PrivacyExportPath, PrivacyExportTexts } from '@medtutor/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installAntdStandIns } from '@medtutor/web-kit/testing/jsdom';
import { DownloadMyDataCard } from './download-my-data-card';

/** The tutor portal's "Download my data" (issue 26); the download itself is the student card's spec. */

const fetchMock = mockFetchPerTest();
jest.setTimeout(30_000);

beforeAll(installAntdStandIns);

describe('DownloadMyDataCard', () => {
  it('asks for the export and shows why it could not be completed', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        { statusCode: 503, code: 'COMMON.SERVICE_UNAVAILABLE', message: PrivacyExportMessages.unavailable },
        503,
      ),
    );
    render(<DownloadMyDataCard />);
    fireEvent.click(screen.getByRole('button', { name: PrivacyExportTexts.button }));

    expect(await screen.findByText(PrivacyExportMessages.unavailable)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(PrivacyExportPath);
  });
});
