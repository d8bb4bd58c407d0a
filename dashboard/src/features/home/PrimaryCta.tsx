import { ArrowRight } from 'lucide-react';
import { ButtonAnchor, ButtonLink } from '../../components/Button';
import { useAuth } from '../auth/useAuth';

/** Where "Get Started Free" and the pricing page's sign-up buttons go: /api/login, opening the sign-up form. */
export const SIGN_UP_HREF = '/api/login?mode=signup';

/** "Go to Dashboard" for signed-in visitors, "Get Started Free" (to the sign-up form) for everyone else. */
export function PrimaryCta({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <ButtonLink to="/dashboard" size={size}>
      Go to Dashboard <ArrowRight className="h-4 w-4" aria-hidden />
    </ButtonLink>
  ) : (
    <ButtonAnchor href={SIGN_UP_HREF} size={size}>
      Get Started Free <ArrowRight className="h-4 w-4" aria-hidden />
    </ButtonAnchor>
  );
}
