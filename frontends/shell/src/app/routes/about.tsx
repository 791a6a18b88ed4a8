import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';
import { Paragraph, Title } from '@medtutor/web-kit/ui';
import { WhatSetsUsApart } from '../../features/about/components/what-sets-us-apart';
import '../../features/about/components/about.css';

export function AboutRoute() {
  return (
    <article className="page about">
      <PageTitle
        title="About Us"
        description={`${site.name} is a small team of medical students who tutor one to one, online, for UCAT, medical school interviews and medical school study.`}
      />
      <Title level={1}>About Us</Title>
      <section aria-labelledby="story-heading" className="about__prose">
        <Title level={2} id="story-heading">
          Our Story
        </Title>
        <Paragraph>
          {site.name} is a small team of medical students who tutor one to one. Not long ago we were the ones sitting
          the admissions test, rehearsing answers for interview panels and wondering how anyone learns a whole medical
          curriculum. We got there with the help of people a few years ahead of us, and we started tutoring to do the
          same for the students coming after us.
        </Paragraph>
        <Paragraph>
          Small company, big dreams: we stay small on purpose. Each student works with a tutor who knows their goals,
          and every lesson is planned for that student alone, from the first free trial session to the day of the exam
          or interview.
        </Paragraph>
      </section>
      <WhatSetsUsApart />
      <section aria-labelledby="mission-heading" className="about__prose">
        <Title level={2} id="mission-heading">
          Our Mission
        </Title>
        <Paragraph>
          To help every student who wants a career in medicine to shift their thinking and unlock their potential, with
          honest, personal teaching from people who are walking the same path.
        </Paragraph>
        <Paragraph>
          Start with a free 15-30 minute trial session to meet your tutor. There is no payment and no commitment.
        </Paragraph>
        <Link to="/#contact" className="button-link button-link--large">
          Get Started
        </Link>
      </section>
    </article>
  );
}
