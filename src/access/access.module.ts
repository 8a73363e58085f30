import { Global, Module } from '@nestjs/common';
import { Authenticator } from './application/authenticator.js';
import { CreateApiKeyHandler } from './application/commands/create-api-key/create-api-key.handler.js';
import { CreateWorkspaceHandler } from './application/commands/create-workspace/create-workspace.handler.js';
import { RevokeApiKeyHandler } from './application/commands/revoke-api-key/revoke-api-key.handler.js';
import { SetWorkspacePlanHandler } from './application/commands/set-workspace-plan/set-workspace-plan.handler.js';
import { GetWorkspaceHandler } from './application/queries/get-workspace/get-workspace.handler.js';
import { ListApiKeysHandler } from './application/queries/list-api-keys/list-api-keys.handler.js';
import { ListWorkspacesHandler } from './application/queries/list-workspaces/list-workspaces.handler.js';
import { AdmissionGate, ApiKeyRepository, PrincipalLookup, WorkspaceRepository } from './application/ports/access.repositories.js';
import { SqlApiKeyRepository, SqlPrincipalLookup, SqlWorkspaceRepository } from './infrastructure/sql-access.repositories.js';
import { SqlAdmissionGate } from './infrastructure/sql-admission.gate.js';
import { AccessControl } from '../platform/http/pipeline/access-control.js';
import { ApiKeyAccessControl } from './interface/http/api-key-access.js';

/**
 * Workspaces, plans, API keys, scopes and quota; the request pipeline (platform/http) asks it through AccessControl,
 * a platform port, so the module is global: a response held open (an event stream) asks the same port again.
 */
@Global()
@Module({
  providers: [
    Authenticator,
    { provide: AccessControl, useClass: ApiKeyAccessControl },
    CreateWorkspaceHandler,
    SetWorkspacePlanHandler,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    ListApiKeysHandler,
    ListWorkspacesHandler,
    GetWorkspaceHandler,
    { provide: WorkspaceRepository, useClass: SqlWorkspaceRepository },
    { provide: ApiKeyRepository, useClass: SqlApiKeyRepository },
    { provide: PrincipalLookup, useClass: SqlPrincipalLookup },
    { provide: AdmissionGate, useClass: SqlAdmissionGate },
  ],
  exports: [AccessControl, WorkspaceRepository, ApiKeyRepository],
})
export class AccessModule {}
