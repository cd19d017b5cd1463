using Azure.Identity;

namespace TableLoad.Storage;

/// <summary>
/// A target with its requests' authorizer made: what a process that sends requests holds. Made once per
/// process and shared by its clients, so that an Entra process fetches one token, not one per client.
/// </summary>
internal sealed class AuthorizedTarget
{
    private AuthorizedTarget(StorageTarget target, IRequestAuthorizer authorizer)
    {
        Target = target;
        Authorizer = authorizer;
    }

    public StorageTarget Target { get; }

    public Uri TableEndpoint => Target.TableEndpoint;

    public IRequestAuthorizer Authorizer { get; }

    /// <summary>The one place where an authorizer is made from a target's description.</summary>
    /// <param name="time">The clock the authorizer reads: a Shared Key signs the current second, a token is renewed before it expires.</param>
    public static AuthorizedTarget For(StorageTarget target, TimeProvider time)
    {
        var secret = target.Auth.Secret;
        IRequestAuthorizer authorizer = target.Auth.Kind switch
        {
            AuthKind.SharedKey => new SharedKeyAuthorizer(target.AccountName, Convert.FromBase64String(secret!), time),
            AuthKind.Sas => new SasAuthorizer(secret!),
            AuthKind.Entra => new BearerTokenAuthorizer(new DefaultAzureCredential(), time),
        };
        return new AuthorizedTarget(target, authorizer);
    }

    public override string ToString() => Target.ToString();
}
