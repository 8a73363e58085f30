import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
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
import { AccessGuard } from './interface/http/access.guard.js';
import { OperationInterceptor } from './interface/http/operation.interceptor.js';

/** Workspaces, plans, API keys, scopes and quota, and the request pipeline that enforces them. */
@Module({
  providers: [
    Authenticator,
    AccessGuard,
    OperationInterceptor,
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_INTERCEPTOR, useExisting: OperationInterceptor },
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
  exports: [Authenticator, AccessGuard, OperationInterceptor, WorkspaceRepository, ApiKeyRepository],
})
export class AccessModule {}
