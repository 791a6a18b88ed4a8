import { type ExamDateBody, ExamDateBodySchema, type PackageDto, PackageDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { userPackagesKey } from '../../packages';

export const examDateKey = (packageId: number) => `/api/sessions/${packageId}/exam-date`;

export const updateExamDate = (packageId: number, body: ExamDateBody): Promise<PackageDto> =>
  apiRequest('PATCH', examDateKey(packageId), PackageDtoSchema, ExamDateBodySchema.parse(body));

interface UpdateSubjectExamDate {
  packageIds: number[];
  examDate: string;
}

/**
 * Sets one exam date on every package of a subject (the form picks a subject, not a package), then
 * refreshes the packages list (docs/product.md §7).
 */
export const useUpdateSubjectExamDate = () => {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'exam-date',
    async (_key: string, { arg }: { arg: UpdateSubjectExamDate }) => {
      try {
        return await Promise.all(arg.packageIds.map((id) => updateExamDate(id, { examDate: arg.examDate })));
      } finally {
        // Even a partial failure may have changed some packages: show what the server holds.
        await mutate(userPackagesKey);
      }
    },
    { throwOnError: true },
  );
};
