import { Module } from '@nestjs/common';
import { Authenticator } from './application/authenticator.js';
import {
  CreateApiKeyHandler,
  CreateWorkspaceHandler,
  ListApiKeysHandler,
  RevokeApiKeyHandler,
  SetWorkspacePlanHandler,
} from './application/commands/access.handlers.js';
import { AdmissionGate, ApiKeyRepository, PrincipalLookup, WorkspaceRepository } from './application/ports/access.repositories.js';
import { SqlApiKeyRepository, SqlPrincipalLookup, SqlWorkspaceRepository } from './infrastructure/sql-access.repositories.js';
import { SqlAdmissionGate } from './infrastructure/sql-admission.gate.js';
import { AccessControl } from '../platform/http/pipeline/access-control.js';
import { ApiKeyAccessControl } from './interface/http/api-key-access.js';

/** Workspaces, plans, API keys, scopes and quota; the request pipeline (platform/http) asks it through AccessControl. */
@Module({
  providers: [
    Authenticator,
    { provide: AccessControl, useClass: ApiKeyAccessControl },
    CreateWorkspaceHandler,
    SetWorkspacePlanHandler,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    ListApiKeysHandler,
    { provide: WorkspaceRepository, useClass: SqlWorkspaceRepository },
    { provide: ApiKeyRepository, useClass: SqlApiKeyRepository },
    { provide: PrincipalLookup, useClass: SqlPrincipalLookup },
    { provide: AdmissionGate, useClass: SqlAdmissionGate },
  ],
  exports: [AccessControl, WorkspaceRepository, ApiKeyRepository],
})
export class AccessModule {}
