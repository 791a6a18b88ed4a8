import type { CatalogPaymentsExport, ExportedPayment } from '@medtutor/contracts';
import { toAdminPaymentDetail } from '../payments/admin-payment.mapping.js';
import type { PaymentRecords } from './privacy-export.repository.js';

/**
 * A payment as the admin's detail view shows it, without the settlement (the business's own account
 * in its currency) and, as everywhere, without the provider's client secret.
 */
export function toExportedPayment(payment: PaymentRecords['payments'][number]): ExportedPayment {
  const { settlement: _settlement, ...exported } = toAdminPaymentDetail(payment);
  return exported;
}

export function toCatalogPaymentsExport(records: PaymentRecords): CatalogPaymentsExport {
  return {
    payments: records.payments.map(toExportedPayment),
    discountCodes: records.discountCodes.map((code) => ({
      code: code.code,
      discountPounds: code.discountPounds,
      status: code.status,
      usedAt: code.usedAt?.toISOString() ?? null,
      reservedUntil: code.reservedUntil?.toISOString() ?? null,
    })),
    emailsSent: records.emails,
  };
}
