import { ArrowRight } from 'lucide-react';
import { ButtonAnchor, ButtonLink } from '../../components/Button';
import { useAuth } from '../auth/useAuth';

/** "Go to Dashboard" for signed-in visitors, "Get Started Free" (to /api/login) for everyone else. */
export function PrimaryCta({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? (
    <ButtonLink to="/dashboard" size={size}>
      Go to Dashboard <ArrowRight className="h-4 w-4" aria-hidden />
    </ButtonLink>
  ) : (
    <ButtonAnchor href="/api/login" size={size}>
      Get Started Free <ArrowRight className="h-4 w-4" aria-hidden />
    </ButtonAnchor>
  );
}
