namespace TableLoad.Storage;

/// <summary>Adds credentials to a request just before it is sent.</summary>
internal interface IRequestAuthorizer
{
    void Authorize(HttpRequestMessage request);
}
