import interviews from '../../assets/subject-interviews.svg';
import support from '../../assets/subject-support.svg';
import ucat from '../../assets/subject-ucat.svg';

/** Each subject's illustration (400 × 200) and its text alternative, by the subject page's path. */
export const subjectArt: Record<string, { src: string; alt: string }> = {
  '/ucat': { src: ucat, alt: 'A multiple-choice answer sheet beside a stopwatch' },
  '/medical-school-interviews': {
    src: interviews,
    alt: 'An applicant at a table facing two interviewers, with speech bubbles',
  },
  '/medical-school-support': {
    src: support,
    alt: 'An open textbook, a heart with a heartbeat line and a stethoscope',
  },
};

export const subjectArtSize = { width: 400, height: 200 } as const;
