import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type AdminSecondFactorResetReply,
  SecondFactorMessages,
  secondFactorRequired,
  type TotpDisableReply,
  type TotpEnableReply,
  type TotpSetupReply,
  type TotpStatusReply,
  type TotpVerifyReply,
} from '@medtutor/contracts';
import { MailRelay, notFound, requireRole } from '@medtutor/nest-kit';
import QRCode from 'qrcode';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../config/identity.config.js';
import type { User } from '../../generated/prisma/client.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import {
  alreadyEnabled,
  changeRefused,
  notEnabled,
  ownReset,
  reEnrolNotStarted,
  requiredForAccount,
  secondFactorInvalid,
  setupNotStarted,
} from './two-factor.errors.js';
import { secondFactorChangedEmail } from './two-factor-email.js';
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

/** The password and a current code, as the lifecycle changes ask for them. */
interface Proof {
  password: string;
  code: string;
}

/**
 * TOTP enrolment, verification and lifecycle. The gateway calls these for the user of its session
 * (signed in, or past the password step): `userId` comes from that session, never from the browser.
 * Every change is announced to the account's own address, in the transaction that makes it.
 */
@Injectable()
export class TwoFactorService {
  private readonly keys: ReturnType<typeof totpKeys>;
  private readonly production: boolean;

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailRelay: MailRelay,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.keys = totpKeys(config.totpEncryptionKey);
    this.production = config.nodeEnv === 'production';
  }

  async status(userId: number): Promise<TotpStatusReply> {
    const user = await this.userOrFail(userId);
    return { enabled: user.totpSecret !== null, required: this.required(user) };
  }

  async setup(userId: number): Promise<TotpSetupReply> {
    const user = await this.userOrFail(userId);
    if (user.totpSecret !== null) throw alreadyEnabled();
    const secret = newTotpSecret();
    if (!(await this.repository.storePendingSecret(userId, encryptSecret(this.keys.encryption, userId, secret)))) {
      throw alreadyEnabled();
    }
    return this.setupReply(secret, user);
  }

  async enable(userId: number, code: string): Promise<TotpEnableReply> {
    const user = await this.userOrFail(userId);
    if (user.totpSecret !== null) throw alreadyEnabled();
    if (user.totpPendingSecret === null) throw setupNotStarted();
    const reply = await this.confirmPending(user, code, 'enrolled');
    if (!reply) throw setupNotStarted();
    return reply;
  }

  /** A current authenticator code not used before, or an unused recovery code (spent by this call). */
  async verify(userId: number, code: string): Promise<TotpVerifyReply> {
    const user = await this.repository.findUser(userId);
    if (!user?.totpSecret) throw secondFactorInvalid();
    const method = await this.spendCode(user as User & { totpSecret: string }, code);
    if (!method) throw secondFactorInvalid();
    return { method };
  }

  /**
   * Spends a current code of an enrolled account as sign-in does (TOTP or recovery code), for another
   * module's proof that the caller is the owner (an erasure, issue 26); false when it does not match.
   */
  async spendOwnerCode(user: User & { totpSecret: string }, code: string): Promise<boolean> {
    return (await this.spendCode(user, code)) !== null;
  }

  /** Re-enrolment, first step: the password and a current code, then a new secret to confirm. */
  async reEnrolSetup(userId: number, proof: Proof): Promise<TotpSetupReply> {
    const user = await this.provenOwner(userId, proof);
    const secret = newTotpSecret();
    const stored = await this.repository.storeReEnrolSecret(
      userId,
      user.totpSecret,
      encryptSecret(this.keys.encryption, userId, secret),
    );
    if (!stored) throw notEnabled();
    return this.setupReply(secret, user);
  }

  /** Re-enrolment, second step: a code of the new secret; only now does it replace the old one. */
  async reEnrolConfirm(userId: number, code: string): Promise<TotpEnableReply> {
    const user = await this.userOrFail(userId);
    if (user.totpSecret === null) throw notEnabled();
    if (user.totpPendingSecret === null) throw reEnrolNotStarted();
    const reply = await this.confirmPending(user, code, 're_enrolled');
    if (!reply) throw reEnrolNotStarted();
    return reply;
  }

  async regenerateRecoveryCodes(userId: number, proof: Proof): Promise<TotpEnableReply> {
    const user = await this.provenOwner(userId, proof);
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recovery) => hashRecoveryCode(this.keys.recoveryHmac, recovery));
    const notice = secondFactorChangedEmail(user, 'recovery_codes_regenerated');
    if (!(await this.repository.replaceRecoveryCodes(userId, user.totpSecret, hashes, notice))) throw notEnabled();
    this.mailRelay.wake();
    return { recoveryCodes };
  }

  /** Only an account that is not required to have a second factor may turn it off. */
  async disable(userId: number, proof: Proof): Promise<TotpDisableReply> {
    const current = await this.userOrFail(userId);
    if (this.required(current)) throw requiredForAccount();
    const user = await this.provenOwner(userId, proof);
    if (!(await this.repository.disable(userId, user.totpSecret, secondFactorChangedEmail(user, 'disabled')))) {
      throw notEnabled();
    }
    this.mailRelay.wake();
    return { enabled: false };
  }

  /**
   * An admin resets another account's second factor (a lost phone): recorded with who and when, the
   * account's sessions end (identity's cut-off; the gateway also deletes them) and it must enrol at
   * its next sign-in. Never one's own: that goes through the password and a code like everyone's.
   */
  async resetByAdmin(userId: number, actor: Actor | null): Promise<AdminSecondFactorResetReply> {
    const admin = requireRole(actor, 'admin');
    if (admin.userId === userId) throw ownReset();
    const user = await this.userOrFail(userId);
    const now = new Date();
    if (
      !(await this.repository.resetByAdmin(userId, admin.userId, now, secondFactorChangedEmail(user, 'reset_by_admin')))
    ) {
      throw notFound();
    }
    this.mailRelay.wake();
    return { userId, resetAt: now.toISOString(), message: SecondFactorMessages.resetDone };
  }

  private required(user: User): boolean {
    return secondFactorRequired({
      role: user.role,
      production: this.production,
      enrolmentRequired: user.totpEnrolmentRequired,
    });
  }

  private async setupReply(secret: string, user: User): Promise<TotpSetupReply> {
    const url = otpauthUrl(secret, user.email);
    return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
  }

  /** Checks a code of the pending secret and makes it the account's secret; null when it raced. */
  private async confirmPending(
    user: User,
    code: string,
    change: 'enrolled' | 're_enrolled',
  ): Promise<TotpEnableReply | null> {
    const pending = user.totpPendingSecret as string;
    const step = matchingStep(decryptSecret(this.keys.encryption, user.id, pending), code);
    if (step === null) throw secondFactorInvalid();
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recovery) => hashRecoveryCode(this.keys.recoveryHmac, recovery));
    const notice = secondFactorChangedEmail(user, change);
    const enabled = await this.repository.enable(user.id, user.totpSecret, pending, step, hashes, new Date(), notice);
    if (!enabled) return null;
    this.mailRelay.wake();
    return { recoveryCodes };
  }

  /**
   * The owner proves it is them: the password, then a current code (TOTP or a recovery code, spent
   * as at sign-in). The code is not tried when the password is wrong, so no recovery code is lost.
   */
  private async provenOwner(userId: number, { password, code }: Proof): Promise<User & { totpSecret: string }> {
    const user = await this.userOrFail(userId);
    if (user.totpSecret === null) throw notEnabled();
    const enabled = user as User & { totpSecret: string };
    if (!(await this.hasher.verify(user.passwordHash, password))) throw changeRefused();
    if (!(await this.spendCode(enabled, code))) throw changeRefused();
    return enabled;
  }

  private async spendCode(
    user: User & { totpSecret: string },
    code: string,
  ): Promise<TotpVerifyReply['method'] | null> {
    if (isRecoveryCodeShape(code)) {
      const used = await this.repository.claimRecoveryCode(
        user.id,
        hashRecoveryCode(this.keys.recoveryHmac, code),
        new Date(),
      );
      return used ? 'recovery' : null;
    }
    const step = matchingStep(decryptSecret(this.keys.encryption, user.id, user.totpSecret), code);
    return step !== null && (await this.repository.claimStep(user.id, step)) ? 'totp' : null;
  }

  private async userOrFail(userId: number): Promise<User> {
    const user = await this.repository.findUser(userId);
    if (!user) throw notFound();
    return user;
  }
}
