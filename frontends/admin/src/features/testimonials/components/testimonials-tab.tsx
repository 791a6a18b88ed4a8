import { Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Flex, Popconfirm, Rate, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { approveTestimonial } from '../api/approve-testimonial';
import { deleteTestimonial } from '../api/delete-testimonial';
import { usePendingTestimonials } from '../api/get-pending-testimonials';

const N = Notices.testimonials;

/** Pending success stories with the submitter's email (for verification), to approve or delete. */
export function TestimonialsTab() {
  const pending = usePendingTestimonials();
  const notices = useNotices();
  const [busy, setBusy] = useState<number>();

  const approve = async (id: number) => {
    setBusy(id);
    try {
      await approveTestimonial(id);
      notices.success(N.approvedTitle, N.approved);
    } catch (error) {
      notices.error(N.approvalFailed, error, N.tryAgainLater);
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async (id: number) => {
    setBusy(id);
    try {
      await deleteTestimonial(id);
      notices.success(N.deletedTitle);
    } catch (error) {
      notices.error(N.deleteFailed, error, N.tryAgainLater);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <QueryState
      data={pending.data}
      error={pending.error}
      isLoading={pending.isLoading}
      label="pending testimonials"
      empty="No success stories are waiting for review."
      onRetry={() => void pending.mutate()}
    >
      {(list) => (
        <Flex vertical gap="middle">
          {list.map((story) => (
            <Card
              key={story.id}
              size="small"
              title={
                <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
                  {story.title}
                </Typography.Title>
              }
            >
              <Flex vertical gap="small">
                <Rate disabled value={story.rating} aria-label={`Rating ${story.rating} out of 5`} />
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                  {story.content}
                </Typography.Paragraph>
                <Typography.Text>
                  {story.name} · <a href={`mailto:${story.email}`}>{story.email}</a> ·{' '}
                  {new Date(story.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                </Typography.Text>
                <Flex gap="small" wrap>
                  <Button
                    type="primary"
                    loading={busy === story.id}
                    onClick={() => approve(story.id)}
                    aria-label={`Approve ${story.title}`}
                  >
                    Approve
                  </Button>
                  <Popconfirm
                    title="Delete this success story?"
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(story.id)}
                  >
                    <Button danger disabled={busy === story.id} aria-label={`Delete ${story.title}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </QueryState>
  );
}
