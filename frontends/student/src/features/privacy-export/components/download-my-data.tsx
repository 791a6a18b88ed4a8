import { PrivacyExportPath, PrivacyExportTexts, privacyExportFileName } from '@medtutor/contracts';
import { useDownload } from '@medtutor/web-kit';
import { Alert, Button, Card, Paragraph, SafetyIcon } from '@medtutor/web-kit/ui';
import { SectionTitle } from '../../../components/section-title';

const fileName = () => privacyExportFileName(new Date());

/** Issue 26: the student's copy of everything the platform holds about them, as a JSON file. */
export function DownloadMyData() {
  const { download, busy, error } = useDownload(PrivacyExportPath, fileName);
  return (
    <section aria-labelledby="your-data-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="your-data-heading">{PrivacyExportTexts.heading}</SectionTitle>
      </div>
      <Card>
        <Paragraph type="secondary">{PrivacyExportTexts.description}</Paragraph>
        {error && (
          <Alert
            type="error"
            showIcon
            title={PrivacyExportTexts.failedTitle}
            description={error}
            style={{ marginBottom: '1rem' }}
          />
        )}
        <Button icon={<SafetyIcon />} loading={busy} onClick={() => void download()}>
          {PrivacyExportTexts.button}
        </Button>
      </Card>
    </section>
  );
}
