import { Card, Paragraph, Rate, Skeleton, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { useTestimonials } from '../api/get-testimonials';

/** Approved success stories; the server has already shortened the names. */
export function TestimonialList() {
  const { data, error, isLoading } = useTestimonials();

  if (isLoading) return <Skeleton lines={3} />;
  if (error || !data) return <Paragraph type="secondary">Success stories could not be loaded.</Paragraph>;
  if (!data.length) return <Paragraph type="secondary">No success stories yet. Share the first one below.</Paragraph>;

  return (
    <div className="card-grid">
      {data.map((story) => (
        <Card key={story.id} role="article" aria-labelledby={`story-${story.id}`}>
          <Rate value={story.rating} />
          <Title level={3} id={`story-${story.id}`} style={{ fontSize: '1.125rem', marginTop: '0.75rem' }}>
            {story.title}
          </Title>
          <Paragraph style={{ whiteSpace: 'pre-line' }}>{story.content}</Paragraph>
          <Text strong>{story.name}</Text>
          {story.verifiedPurchase && (
            <Tag color="green" style={{ marginLeft: '0.5rem' }}>
              Verified purchase
            </Tag>
          )}
        </Card>
      ))}
    </div>
  );
}
