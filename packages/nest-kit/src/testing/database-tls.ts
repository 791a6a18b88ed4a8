import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A CA certificate (P-256, valid until 2126) whose key was thrown away: it verifies nothing, but it
 * is a well-formed CA bundle for the start-up checks (`checkDatabaseTls`) in specs of production
 * configs. The TLS integration test makes its own CA, with a key.
 */
export const TEST_DATABASE_CA_PEM = `-----BEGIN CERTIFICATE-----
MIIBrjCCAVWgAwIBAgIUbAlIm7VJ2ytIEaHnZ9ceTNh91+gwCgYIKoZIzj0EAwIw
JDEiMCAGA1UEAwwZbWVkdHV0b3IgdGVzdCBkYXRhYmFzZSBDQTAgFw0yNjExMjgx
NzI3MTVaGA8yMTI2MTEwNDE3MjcxNVowJDEiMCAGA1UEAwwZbWVkdHV0b3IgdGVz
dCBkYXRhYmFzZSBDQTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLDx2y7mtl45
mcuSLBbsYOTbrnCj9pr2xsW1bX2XxkUM0qUnckIZGqrkZ1kulI9VidH8Qfd0XaNA
0nDlwDwNbXejYzBhMB0GA1UdDgQWBBRBifRNMz9XVslsaqevVXza+xjnnDAfBgNV
HSMEGDAWgBRBifRNMz9XVslsaqevVXza+xjnnDAPBgNVHRMBAf8EBTADAQH/MA4G
A1UdDwEB/wQEAwIBBjAKBggqhkjOPQQDAgNHADBEAiADsF+TA0rMaHCA5v6Tis8i
QfQEDGQQp+mfgFZAe/2M8wIgMgS4jjT4wLnnjmXMq4ikOeCJDS8phbmvPMfHRofk
bvE=
-----END CERTIFICATE-----
`;

/** A server certificate (CA:FALSE) signed by that CA: what an operator may mount by mistake. */
export const TEST_DATABASE_SERVER_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUK1U1cGx71UKyxdSqLd8V0r65MwEwCgYIKoZIzj0EAwIw
JDEiMCAGA1UEAwwZbWVkdHV0b3IgdGVzdCBkYXRhYmFzZSBDQTAgFw0yNjExMjgx
NzI3MTVaGA8yMTI2MTEwNDE3MjcxNVowHjEcMBoGA1UEAwwTZGIuZXhhbXBsZS5p
bnRlcm5hbDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABC2i2R8euSIc+szxz/WR
Uf2Ad9byksZmLAiuiG/N98y3tjqYPzHyx/mLDFmNNX6qQgslS/pbVk5CtYWcZxhb
8CWjbTBrMAkGA1UdEwQCMAAwHgYDVR0RBBcwFYITZGIuZXhhbXBsZS5pbnRlcm5h
bDAdBgNVHQ4EFgQUGlf/GVxGhsP+hcg1cuH+qDcKdV0wHwYDVR0jBBgwFoAUQYn0
TTM/V1bJbGqnr1V82vsY55wwCgYIKoZIzj0EAwIDSAAwRQIhAJ6L4kQ1NoOJ1X/R
svIIq7rt0TiDDGAJOlFGetTYkF/qAiAC795PKPK5EebfxcNx8PTnUwP3ozIP/ewr
uSGY5euiLA==
-----END CERTIFICATE-----
`;

let caFile: string | undefined;

/** `TEST_DATABASE_CA_PEM` in a file of its own (written once per process), for `sslrootcert`. */
export function testDatabaseCaFile(): string {
  if (!caFile) {
    caFile = join(mkdtempSync(join(tmpdir(), 'medtutor-db-ca-')), 'ca.pem');
    writeFileSync(caFile, TEST_DATABASE_CA_PEM);
  }
  return caFile;
}

/** `url` as production must spell it: verify-full against the test CA file. */
export function withVerifiedTls(url: string): string {
  return `${url}?sslmode=verify-full&sslrootcert=${testDatabaseCaFile()}`;
}
