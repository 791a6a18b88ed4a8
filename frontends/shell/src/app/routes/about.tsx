import { Typography } from 'antd';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';

export function AboutRoute() {
  return (
    <article className="page page--prose prose">
      <PageTitle title="About Us" />
      <Typography.Title level={1}>About Us</Typography.Title>
      <Typography.Title level={2}>Our Story</Typography.Title>
      <Typography.Paragraph>
        {site.name} is a small tutoring company run by medical students. We know the road into medicine because we are
        still on it, and we started tutoring to help the next applicants and students along it. Small company, big
        dreams: we keep our approach personal, one student and one tutor at a time.
      </Typography.Paragraph>
      <Typography.Title level={2}>What Sets Us Apart</Typography.Title>
      <ul className="feature-list">
        <li>Qualified medical-student tutors, including a medical school interview panelist</li>
        <li>A 99% success rate</li>
        <li>One-to-one lessons personalised to each student</li>
        <li>Mock exams and mock interviews</li>
        <li>100% online, with support through our messaging app</li>
        <li>A free 15-30 minute trial session before you commit to anything</li>
      </ul>
      <Typography.Title level={2}>Our Mission</Typography.Title>
      <Typography.Paragraph>
        To help every student shift their thinking and unlock their potential, from the admissions test and the
        interview through to the exams of medical school.
      </Typography.Paragraph>
      <p>
        <Link to="/#contact" className="button-link button-link--large">
          Get Started
        </Link>
      </p>
    </article>
  );
}
