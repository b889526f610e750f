import { UsersList } from '@/features/users/components/users-list';

export function UsersListRoute() {
  return <UsersList />;
}
