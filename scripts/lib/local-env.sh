# shellcheck shell=bash
# Local defaults for every setting the apps read. Each is exported only when unset, so a value in the
# environment always wins. Source after common.sh.

: "${DATABASE_ADMIN_URL:=postgresql://postgres@127.0.0.1:5432/postgres}"
: "${NATS_URL:=nats://127.0.0.1:4222}"
: "${REDIS_URL:=redis://127.0.0.1:6379}"
export DATABASE_ADMIN_URL NATS_URL REDIS_URL

# A service database URL on the admin URL's server: same credentials, host and options.
database_url() {
  local base="${DATABASE_ADMIN_URL%%\?*}" query=''
  [[ "$DATABASE_ADMIN_URL" == *\?* ]] && query="?${DATABASE_ADMIN_URL#*\?}"
  printf '%s/%s%s' "${base%/*}" "$1" "$query"
}

: "${IDENTITY_DATABASE_URL:=$(database_url medtutor_identity)}"
: "${PAYMENTS_DATABASE_URL:=$(database_url medtutor_payments)}"
: "${TUTORING_DATABASE_URL:=$(database_url medtutor_tutoring)}"
: "${REVIEWS_DATABASE_URL:=$(database_url medtutor_reviews)}"
: "${PAYROLL_DATABASE_URL:=$(database_url medtutor_payroll)}"
export IDENTITY_DATABASE_URL PAYMENTS_DATABASE_URL TUTORING_DATABASE_URL REVIEWS_DATABASE_URL PAYROLL_DATABASE_URL

export NODE_ENV="${NODE_ENV:-development}"
export PORT="${PORT:-8080}"
export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://localhost:$PORT}"
export MAIL_FROM="${MAIL_FROM:-MedPath Tutors <no-reply@medpath.local>}"
export SUPPORT_EMAIL="${SUPPORT_EMAIL:-support@medpath.local}"
# Without SMTP_URL, identity writes outgoing mail as files here (the e2e suite reads reset links).
export MAIL_OUTBOX_DIR="${MAIL_OUTBOX_DIR:-$VAR_DIR/mail-outbox}"
export PAYMENTS_PROVIDER="${PAYMENTS_PROVIDER:-demo}"
# The two pre-existing discount codes of docs/product.md §9 (worth 30 pounds and 1 pound, for testing).
export DISCOUNT_CODE_SEED_30="${DISCOUNT_CODE_SEED_30:-WELCOME30}"
export DISCOUNT_CODE_SEED_1="${DISCOUNT_CODE_SEED_1:-TESTPOUND}"
export SEED_ADMIN_EMAIL="${SEED_ADMIN_EMAIL:-admin@medpath.local}"
export SEED_ADMIN_PASSWORD="${SEED_ADMIN_PASSWORD:-ChangeMe-Admin-2026}"
# The local server keeps nothing but dev data, so each service may create its own database.
export DB_AUTO_CREATE="${DB_AUTO_CREATE:-true}"

# One random secret per checkout, kept across runs so sessions survive a restart.
if [[ -z "${SESSION_SECRET:-}" ]]; then
  if [[ ! -s "$VAR_DIR/session-secret" ]]; then
    mkdir -p "$VAR_DIR"
    (umask 077 && node -e 'process.stdout.write(require("node:crypto").randomBytes(48).toString("base64url"))' >"$VAR_DIR/session-secret")
  fi
  SESSION_SECRET="$(<"$VAR_DIR/session-secret")"
fi
export SESSION_SECRET

# The gateway's Ed25519 pair for signed actor assertions (README, "Actor keys"), generated once into
# .var and kept, the private key readable by its owner only. Values in the environment win: set both.
if [[ -z "${ACTOR_SIGNING_KEY:-}" && -z "${ACTOR_VERIFY_KEYS:-}" ]]; then
  if [[ ! -s "$VAR_DIR/actor-signing-key.pem" || ! -s "$VAR_DIR/actor-verify-keys.pem" ]]; then
    mkdir -p "$VAR_DIR"
    (umask 077 && node -e '
      const { generateKeyPairSync } = require("node:crypto");
      const { writeFileSync } = require("node:fs");
      const { privateKey, publicKey } = generateKeyPairSync("ed25519");
      writeFileSync(process.argv[1], privateKey.export({ type: "pkcs8", format: "pem" }));
      writeFileSync(process.argv[2], publicKey.export({ type: "spki", format: "pem" }));
    ' "$VAR_DIR/actor-signing-key.pem" "$VAR_DIR/actor-verify-keys.pem")
  fi
  ACTOR_SIGNING_KEY="$(<"$VAR_DIR/actor-signing-key.pem")"
  ACTOR_VERIFY_KEYS="$(<"$VAR_DIR/actor-verify-keys.pem")"
fi
export ACTOR_SIGNING_KEY ACTOR_VERIFY_KEYS

# Identity encrypts TOTP secrets with this; kept across runs so enrolled admins and tutors stay enrolled.
if [[ -z "${TOTP_ENCRYPTION_KEY:-}" ]]; then
  if [[ ! -s "$VAR_DIR/totp-encryption-key" ]]; then
    mkdir -p "$VAR_DIR"
    (umask 077 && node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))' >"$VAR_DIR/totp-encryption-key")
  fi
  TOTP_ENCRYPTION_KEY="$(<"$VAR_DIR/totp-encryption-key")"
fi
export TOTP_ENCRYPTION_KEY

# NATS users (infra/nats/authorization.conf): one password per process, generated once into
# .var/nats-passwords (like the session secret) and kept, since the project-local nats-server keeps
# running between runs. A value in the environment wins. The server reads them all; scripts/start.sh
# gives each app only its own; the start scripts' NATS probe uses the admin user, their provisioning
# step (`npm run events -- provision`) the provisioner user; `backup` is the JetStream backup's. A
# letter, then hex: the server reads `$NATS_..._PASSWORD` as a config value, and `-…` or `1.2…` would
# parse as another type. A user added since the file was written gets its password appended.
NATS_USERS=(gateway identity catalog-payments tutoring reviews payroll provisioner backup admin)
# nats_password_var USER: the variable holding USER's password, e.g. NATS_CATALOG_PAYMENTS_PASSWORD.
nats_password_var() {
  local name="${1^^}"
  printf 'NATS_%s_PASSWORD' "${name//-/_}"
}
mkdir -p "$VAR_DIR"
(umask 077 && for user in "${NATS_USERS[@]}"; do
  grep -q "^$(nats_password_var "$user")=" "$VAR_DIR/nats-passwords" 2>/dev/null || { nats_password_var "$user" && echo; }
done |
  node -e '
    const { randomBytes } = require("node:crypto");
    for (const name of require("node:fs").readFileSync(0, "utf8").split("\n").filter(Boolean))
      console.log(`${name}=n${randomBytes(24).toString("hex")}`);
  ' >>"$VAR_DIR/nats-passwords")
while IFS='=' read -r _name _value; do
  [[ "$_name" =~ ^NATS_[A-Z_]+_PASSWORD$ ]] || continue
  [[ -n "${!_name:-}" ]] || printf -v "$_name" '%s' "$_value"
  export "${_name?}"
done <"$VAR_DIR/nats-passwords"
unset _name _value
