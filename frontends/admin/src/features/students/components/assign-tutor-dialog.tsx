import {
  type PackageDto,
  type TutorDto,
  AssignDualTutorsBodySchema,
  AssignTutorBodySchema,
  DualTutorMinimumHours,
  Notices,
} from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { assignDualTutors } from '../api/assign-dual-tutors';
import { assignTutor } from '../api/assign-tutor';
import { dualModeByDefault, dualModeOffered } from '../utils/hours';

const N = Notices.dashboards;

interface Choice {
  name: string;
  calendarLink: string;
}

const choiceOf = (name: string | null, link: string | null): Choice => ({ name: name ?? '', calendarLink: link ?? '' });

function TutorPicker({
  id,
  label,
  tutors,
  value,
  onChange,
  problems,
}: {
  id: string;
  label: string;
  tutors: TutorDto[];
  value: Choice;
  onChange: (choice: Choice) => void;
  problems: { name?: string; calendarLink?: string };
}) {
  // A package may still name a tutor who was deactivated since: keep them selectable as they are.
  const options = tutors.map((tutor) => ({ value: tutor.name, label: `${tutor.name} (${tutor.specialty})` }));
  if (value.name && !tutors.some((tutor) => tutor.name === value.name)) {
    options.unshift({ value: value.name, label: value.name });
  }
  return (
    <>
      <Form.Item
        label={label}
        htmlFor={id}
        required
        validateStatus={problems.name ? 'error' : undefined}
        help={problems.name}
      >
        <Select
          id={id}
          showSearch
          placeholder="Choose a tutor"
          options={options}
          value={value.name || undefined}
          onChange={(name: string) => {
            const tutor = tutors.find((candidate) => candidate.name === name);
            onChange({ name, calendarLink: tutor?.calendarLink ?? value.calendarLink });
          }}
        />
      </Form.Item>
      <Form.Item
        label={`${label}: calendar link`}
        htmlFor={`${id}-calendar`}
        validateStatus={problems.calendarLink ? 'error' : undefined}
        help={problems.calendarLink ?? 'Filled in from the tutor directory.'}
      >
        <Input id={`${id}-calendar`} value={value.calendarLink} readOnly />
      </Form.Item>
    </>
  );
}

type Problems = Record<'primary' | 'secondary', { name?: string; calendarLink?: string }>;

/** Assign/Reassign Tutor: single or (from 10 hours) dual tutors, links taken from the directory. */
export function AssignTutorDialog({
  pkg,
  tutors,
  onClose,
}: {
  pkg: PackageDto;
  tutors: TutorDto[];
  onClose: () => void;
}) {
  const notices = useNotices();
  const offered = dualModeOffered(pkg);
  const [dual, setDual] = useState(offered && dualModeByDefault(pkg));
  const [primary, setPrimary] = useState(choiceOf(pkg.assignedTutor, pkg.tutorCalendarLink));
  const [secondary, setSecondary] = useState(choiceOf(pkg.secondaryTutor, pkg.secondaryTutorCalendarLink));
  const [problems, setProblems] = useState<Problems>({ primary: {}, secondary: {} });
  const [saving, setSaving] = useState(false);
  const active = tutors.filter((tutor) => tutor.active);

  const save = async () => {
    const body = dual
      ? AssignDualTutorsBodySchema.safeParse({
          primaryTutor: primary.name,
          primaryCalendar: primary.calendarLink,
          secondaryTutor: secondary.name,
          secondaryCalendar: secondary.calendarLink,
        })
      : AssignTutorBodySchema.safeParse({ tutorName: primary.name, calendarLink: primary.calendarLink });
    if (!body.success) {
      const found: Problems = { primary: {}, secondary: {} };
      for (const issue of body.error.issues) {
        const field = String(issue.path[0]);
        const who = field.startsWith('secondary') ? found.secondary : found.primary;
        const key = /calendar/i.test(field) ? 'calendarLink' : 'name';
        who[key] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({ primary: {}, secondary: {} });
    setSaving(true);
    try {
      if ('primaryTutor' in body.data) {
        await assignDualTutors(pkg.id, body.data);
        notices.success(N.dualTutorsAssigned);
      } else {
        await assignTutor(pkg.id, body.data);
        notices.success(N.tutorAssigned);
      }
      onClose();
    } catch (error) {
      notices.error(N.errorTitle, error, dual ? N.assignDualFailed : N.assignTutorFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${pkg.assignedTutor ? 'Reassign' : 'Assign'} Tutor: ${pkg.subject}, ${pkg.packageName}`}
      okText={dual ? 'Assign Dual Tutors' : 'Assign Tutor'}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        {active.length === 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="No active tutors in the directory. Add one in the Admin Panel's Tutor Management tab."
          />
        )}
        {offered ? (
          <Form.Item label="Dual tutors (primary and secondary)" htmlFor={`dual-${pkg.id}`}>
            <Switch id={`dual-${pkg.id}`} checked={dual} onChange={setDual} />
          </Form.Item>
        ) : (
          <Form.Item>
            <span>Dual tutors are available for packages of {DualTutorMinimumHours} hours or more.</span>
          </Form.Item>
        )}
        <TutorPicker
          id={`primary-${pkg.id}`}
          label={dual ? 'Primary tutor' : 'Tutor'}
          tutors={active}
          value={primary}
          onChange={setPrimary}
          problems={problems.primary}
        />
        {dual && (
          <TutorPicker
            id={`secondary-${pkg.id}`}
            label="Secondary tutor"
            tutors={active}
            value={secondary}
            onChange={setSecondary}
            problems={problems.secondary}
          />
        )}
      </Form>
    </Modal>
  );
}
