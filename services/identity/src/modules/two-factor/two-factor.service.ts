import { Inject, Injectable } from '@nestjs/common';
import type { TotpEnableReply, TotpSetupReply, TotpStatusReply, TotpVerifyReply } from '@medtutor/contracts';
import { notFound } from '@medtutor/nest-kit';
import QRCode from 'qrcode';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import type { User } from '../../generated/prisma/client.js';
import { alreadyEnabled, notForRole, secondFactorInvalid, setupNotStarted } from './two-factor.errors.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpKeys,
} from './totp-crypto.js';

/** Roles that may (and, for production admins, must) use a second factor. */
const TWO_FACTOR_ROLES: ReadonlySet<User['role']> = new Set(['admin', 'tutor']);

/**
 * TOTP enrolment and verification. The gateway calls these for the user of its session (signed in,
 * or past the password step): `userId` comes from that session, never from the browser.
 */
@Injectable()
export class TwoFactorService {
  private readonly keys: ReturnType<typeof totpKeys>;

  constructor(
    private readonly repository: TwoFactorRepository,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.keys = totpKeys(config.totpEncryptionKey);
  }

  async status(userId: number): Promise<TotpStatusReply> {
    const user = await this.userOrFail(userId);
    return { enabled: user.totpSecret !== null };
  }

  async setup(userId: number): Promise<TotpSetupReply> {
    const user = await this.userOrFail(userId);
    if (!TWO_FACTOR_ROLES.has(user.role)) throw notForRole();
    if (user.totpSecret !== null) throw alreadyEnabled();
    const secret = newTotpSecret();
    if (!(await this.repository.storePendingSecret(userId, encryptSecret(this.keys.encryption, userId, secret)))) {
      throw alreadyEnabled();
    }
    const url = otpauthUrl(secret, user.email);
    return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
  }

  async enable(userId: number, code: string): Promise<TotpEnableReply> {
    const user = await this.userOrFail(userId);
    if (user.totpSecret !== null) throw alreadyEnabled();
    if (user.totpPendingSecret === null) throw setupNotStarted();
    const step = matchingStep(decryptSecret(this.keys.encryption, userId, user.totpPendingSecret), code);
    if (step === null) throw secondFactorInvalid();
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recovery) => hashRecoveryCode(this.keys.recoveryHmac, recovery));
    if (!(await this.repository.enable(userId, user.totpPendingSecret, step, hashes, new Date()))) {
      throw setupNotStarted();
    }
    return { recoveryCodes };
  }

  /** A current authenticator code not used before, or an unused recovery code (spent by this call). */
  async verify(userId: number, code: string): Promise<TotpVerifyReply> {
    const user = await this.repository.findUser(userId);
    if (!user?.totpSecret) throw secondFactorInvalid();
    if (isRecoveryCodeShape(code)) {
      const used = await this.repository.claimRecoveryCode(
        userId,
        hashRecoveryCode(this.keys.recoveryHmac, code),
        new Date(),
      );
      if (!used) throw secondFactorInvalid();
      return { method: 'recovery' };
    }
    const step = matchingStep(decryptSecret(this.keys.encryption, userId, user.totpSecret), code);
    if (step === null || !(await this.repository.claimStep(userId, step))) throw secondFactorInvalid();
    return { method: 'totp' };
  }

  private async userOrFail(userId: number): Promise<User> {
    const user = await this.repository.findUser(userId);
    if (!user) throw notFound();
    return user;
  }
}
