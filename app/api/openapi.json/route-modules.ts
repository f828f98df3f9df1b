// Every API route module, so the OpenAPI document can describe them all (a test keeps this complete).
import * as health from '../health/route';
import * as organization from '../organization/route';
import * as openapi from './route';

export const routeModules: Record<string, unknown>[] = [health, openapi, organization];
