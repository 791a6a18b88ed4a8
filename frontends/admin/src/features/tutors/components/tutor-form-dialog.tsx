import { type TutorDto, ConsultationSubjects, CreateTutorBodySchema } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { zodRule } from '@medtutor/web-kit/zod-rule';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { BackOfficeNotices } from '../../../lib/messages';
import { createTutor } from '../api/create-tutor';
import { updateTutor } from '../api/update-tutor';

interface Values {
  name: string;
  specialty: string;
  qualifications: string;
  photoUrl: string;
  calendarLink: string;
  subjects: string[];
}

/** Create or edit a directory entry: photo URL, name, specialty, qualifications, calendar link. */
export function TutorFormDialog({ tutor, onClose }: { tutor: TutorDto | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const notices = useNotices();
  const [saving, setSaving] = useState(false);
  const initial: Values = {
    name: tutor?.name ?? '',
    specialty: tutor?.specialty ?? '',
    qualifications: tutor?.qualifications ?? '',
    photoUrl: tutor?.photoUrl ?? '',
    calendarLink: tutor?.calendarLink ?? '',
    subjects: tutor?.subjects ?? [],
  };

  const save = async (values: Values) => {
    const body = CreateTutorBodySchema.parse(values);
    setSaving(true);
    try {
      if (tutor) await updateTutor(tutor.id, body);
      else await createTutor(body);
      notices.success(BackOfficeNotices.tutorSaved, body.name);
      onClose();
    } catch (error) {
      notices.error(BackOfficeNotices.tutorSaveFailed, error, BackOfficeNotices.tutorSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  const rule = (field: keyof Values) => [zodRule(CreateTutorBodySchema, field)];

  return (
    <Modal
      open
      title={tutor ? `Edit ${tutor.name}` : 'Add Tutor'}
      okText="Save Tutor"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label="Name" rules={rule('name')} required>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="specialty" label="Specialty" rules={rule('specialty')} required>
          <Input />
        </Form.Item>
        <Form.Item name="qualifications" label="Qualifications" extra="One per line." rules={rule('qualifications')}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="photoUrl" label="Photo URL" rules={rule('photoUrl')}>
          <Input type="url" inputMode="url" />
        </Form.Item>
        <Form.Item name="calendarLink" label="Calendar link" rules={rule('calendarLink')} required>
          <Input type="url" inputMode="url" />
        </Form.Item>
        <Form.Item name="subjects" label="Subjects">
          <Select
            mode="multiple"
            options={ConsultationSubjects.map((subject) => ({ value: subject, label: subject }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
