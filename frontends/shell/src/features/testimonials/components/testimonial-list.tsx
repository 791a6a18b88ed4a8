import { Card, Rate, Skeleton, Tag, Typography } from 'antd';
import { useTestimonials } from '../api/get-testimonials';

/** Approved success stories; the server has already shortened the names. */
export function TestimonialList() {
  const { data, error, isLoading } = useTestimonials();

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error || !data)
    return <Typography.Paragraph type="secondary">Success stories could not be loaded.</Typography.Paragraph>;
  if (!data.length)
    return (
      <Typography.Paragraph type="secondary">No success stories yet. Share the first one below.</Typography.Paragraph>
    );

  return (
    <div className="card-grid">
      {data.map((story) => (
        <Card key={story.id} role="article" aria-labelledby={`story-${story.id}`}>
          <Rate disabled value={story.rating} aria-label={`Rated ${story.rating} out of 5`} />
          <Typography.Title level={3} id={`story-${story.id}`} style={{ fontSize: '1.125rem', marginTop: '0.75rem' }}>
            {story.title}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{story.content}</Typography.Paragraph>
          <Typography.Text strong>{story.name}</Typography.Text>
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
