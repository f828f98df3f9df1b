import { Button } from '@/components/ui/button';
import { oauthSignInAction } from './actions';

export function OAuthButtons({ providers }: { providers: { id: string; name: string }[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-2">
      <div className="relative my-2 text-center text-xs text-muted-foreground">
        <span className="relative z-10 bg-white px-2">or continue with</span>
        <span className="absolute inset-x-0 top-1/2 -z-0 border-t border-border" />
      </div>
      {providers.map((provider) => (
        <form key={provider.id} action={oauthSignInAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <Button type="submit" variant="outline" className="w-full">
            {provider.name}
          </Button>
        </form>
      ))}
    </div>
  );
}
