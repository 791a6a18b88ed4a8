import { Alert, Button, Flex } from '@medtutor/web-kit/ui';
import { useState } from 'react';

/** Dismissed "for the visit": the browser tab's session storage, so a new visit asks again. */
const DISMISSED_KEY = 'medtutor:exam-date-prompt-dismissed';

const readDismissed = (): boolean => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** The amber prompt listing subjects without an exam date (docs/product.md §2). */
export function ExamDatePrompt({ subjects, onSetDate }: { subjects: string[]; onSetDate: () => void }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed || subjects.length === 0) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): the prompt still hides until the page is reloaded.
    }
    setDismissed(true);
  };

  return (
    <Alert
      type="warning"
      showIcon
      title="Set your exam date"
      description={`Add an exam date to see your countdown and weekly plan for: ${subjects.join(', ')}.`}
      onClose={dismiss}
      closeLabel="Close exam date reminder"
      action={
        <Flex vertical gap="small">
          <Button size="small" variant="primary" onClick={onSetDate}>
            Set Exam Date
          </Button>
          <Button size="small" onClick={dismiss}>
            Remind Me Later
          </Button>
        </Flex>
      }
    />
  );
}
