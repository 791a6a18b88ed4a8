import { PrivacyExportPath, PrivacyExportTexts, privacyExportFileName } from '@medtutor/contracts';
import { useDownload } from '@medtutor/web-kit';
import { Alert, Button, Card, Typography } from 'antd';

const fileName = () => privacyExportFileName(new Date());

/** Issue 26: a tutor's copy of everything the platform holds about them (payslips included), as JSON. */
export function DownloadMyDataCard() {
  const { download, busy, error } = useDownload(PrivacyExportPath, fileName);
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
          {PrivacyExportTexts.heading}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{PrivacyExportTexts.description}</Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          title={PrivacyExportTexts.failedTitle}
          description={error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button loading={busy} onClick={() => void download()}>
        {PrivacyExportTexts.button}
      </Button>
    </Card>
  );
}
