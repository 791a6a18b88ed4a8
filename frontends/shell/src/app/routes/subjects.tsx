import { subjects } from '../../config/catalog';
import { SubjectPage } from '../../features/subjects/components/subject-page';

const subjectAt = (path: string) => {
  const subject = subjects.find((candidate) => candidate.path === path);
  if (!subject) throw new Error(`No subject is published at ${path}.`);
  return subject;
};

const ucat = subjectAt('/ucat');
const interviews = subjectAt('/medical-school-interviews');
const support = subjectAt('/medical-school-support');

export const UcatRoute = () => <SubjectPage subject={ucat} />;
export const InterviewsRoute = () => <SubjectPage subject={interviews} />;
export const SupportRoute = () => <SubjectPage subject={support} />;
