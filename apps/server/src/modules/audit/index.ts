// The operator audit list. A leaf module (it imports only the users module's
// name helper), so every module with an operator action can record one without
// an import cycle through the operator module.
export { recordAudit, forgetTargetLabel, listAudit, type AuditRecord } from './audit.service.ts';
export { auditLog } from './audit.schema.ts';
