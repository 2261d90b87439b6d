export * as usersService from './users.service.ts';
export * as usersModeration from './users.moderation.ts';
export {
  findUserByEmail,
  findUserById,
  insertEmailToken,
  consumeEmailToken,
  invalidateEmailTokens,
  updateUser,
  listUsersByStatus,
  searchUsers,
  insertOrganization,
  insertUser,
  type UserWithOrg,
} from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { displayName, abbreviatedName, displayNameSql, abbreviatedNameSql } from './users.mapper.ts';
