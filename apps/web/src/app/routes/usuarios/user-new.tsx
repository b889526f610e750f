import { NewUserForm } from '@/features/users/components/new-user-form';

export function UserNewRoute() {
  return <NewUserForm />;
}
