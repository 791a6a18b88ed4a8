-- One database per service on the compose PostgreSQL server (run once, on an empty volume).
-- Kubernetes uses a managed server per service instead; see infra/README.md.
CREATE DATABASE medtutor_identity;
CREATE DATABASE medtutor_payments;
CREATE DATABASE medtutor_tutoring;
CREATE DATABASE medtutor_reviews;
CREATE DATABASE medtutor_payroll;
