using System.Text.Json;
using System.Text.Json.Serialization;
using TableLoad.Storage;

namespace TableLoad.Engine.Fleet;

/// <summary>
/// A target in the start message: endpoint, account, and how to authorise. The key or SAS travels only
/// in this message, on the worker's stdin; an Entra worker makes its own credential.
/// </summary>
internal sealed class StorageTargetConverter : JsonConverter<StorageTarget>
{
    private const string SharedKey = "shared_key";
    private const string Sas = "sas";
    private const string Entra = "entra";

    public override void Write(Utf8JsonWriter writer, StorageTarget value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        writer.WriteString("table_endpoint", value.TableEndpoint.OriginalString);
        writer.WriteString("account_name", value.AccountName);
        switch (value.Authorizer)
        {
            case SharedKeyAuthorizer key:
                writer.WriteString("auth", SharedKey);
                writer.WriteString("secret", key.AccountKey);
                break;
            case SasAuthorizer sas:
                writer.WriteString("auth", Sas);
                writer.WriteString("secret", sas.Token);
                break;
            case BearerTokenAuthorizer:
                writer.WriteString("auth", Entra);
                break;
            default:
                throw new JsonException($"A worker cannot be handed a target authorised by {value.Authorizer.GetType().Name}.");
        }

        writer.WriteEndObject();
    }

    public override StorageTarget Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw new JsonException("A target is an object.");
        }

        string? endpoint = null, account = null, auth = null, secret = null;
        while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
        {
            var name = reader.GetString();
            reader.Read();
            switch (name)
            {
                case "table_endpoint": endpoint = reader.GetString(); break;
                case "account_name": account = reader.GetString(); break;
                case "auth": auth = reader.GetString(); break;
                case "secret": secret = reader.GetString(); break;
                default: reader.Skip(); break;
            }
        }

        if (endpoint is null || account is null)
        {
            throw new JsonException("A target needs its table_endpoint and account_name.");
        }

        try
        {
            // A worker reads its target before its run and its clock; the run's clock is the system's (Hosting/CommandHost).
            IRequestAuthorizer authorizer = auth switch
            {
                SharedKey when secret is not null => new SharedKeyAuthorizer(account, Convert.FromBase64String(secret), TimeProvider.System),
                Sas when secret is not null => new SasAuthorizer(secret),
                Entra => new BearerTokenAuthorizer(new Azure.Identity.DefaultAzureCredential(), TimeProvider.System),
                _ => throw new JsonException("A target's auth must be shared_key or sas with its secret, or entra."),
            };
            return new StorageTarget(new Uri(endpoint), account, authorizer);
        }
        catch (FormatException)
        {
            // Neither the key nor the address goes into the message: either may hold a secret.
            throw new JsonException("A target's table_endpoint or secret is malformed.");
        }
    }
}
