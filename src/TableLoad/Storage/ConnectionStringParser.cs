namespace TableLoad.Storage;

/// <summary>
/// Reads an Azure Storage connection string into a <see cref="StorageTarget"/>. Error messages name
/// the faulty setting, never its value, because the string holds a key.
/// </summary>
internal static class ConnectionStringParser
{
    public const string DevelopmentAccountName = "devstoreaccount1";

    // The emulator's published, well-known development key: not a secret.
    public const string DevelopmentAccountKey =
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    public const string DevelopmentConnectionString =
        "DefaultEndpointsProtocol=http;AccountName=" + DevelopmentAccountName + ";AccountKey=" + DevelopmentAccountKey +
        ";TableEndpoint=http://127.0.0.1:10002/" + DevelopmentAccountName + ";BlobEndpoint=http://127.0.0.1:10000/" + DevelopmentAccountName + ";";

    public static StorageTarget Parse(string connectionString)
    {
        var settings = Split(connectionString);
        if (settings.TryGetValue("UseDevelopmentStorage", out var dev))
        {
            if (!dev.Equals("true", StringComparison.OrdinalIgnoreCase))
            {
                throw new FormatException("The connection string's UseDevelopmentStorage setting must be 'true'.");
            }

            // The development account's settings, unless the string names its own endpoint.
            var development = Split(DevelopmentConnectionString);
            foreach (var (name, value) in development)
            {
                settings.TryAdd(name, value);
            }

            settings.Remove("UseDevelopmentStorage");
        }

        settings.TryGetValue("AccountName", out var accountName);
        var endpoint = TableEndpoint(settings, accountName);
        accountName ??= AccountNameFromEndpoint(endpoint);

        StorageAuth auth;
        if (settings.TryGetValue("AccountKey", out var key))
        {
            auth = SharedKey(key);
        }
        else if (settings.TryGetValue("SharedAccessSignature", out var sas) && sas.Length > 0)
        {
            auth = StorageAuth.Sas(sas);
        }
        else
        {
            throw new FormatException("The connection string has neither an AccountKey nor a SharedAccessSignature.");
        }

        return new StorageTarget(endpoint, accountName, auth) { BlobEndpoint = BlobEndpoint(settings, accountName, endpoint) };
    }

    /// <summary>The blob service beside a table endpoint of Azure's naming (<c>ACCOUNT.table.SUFFIX</c>); null for any other address.</summary>
    public static Uri? BlobEndpointBeside(Uri tableEndpoint)
    {
        var host = tableEndpoint.Host;
        var table = host.IndexOf(".table.", StringComparison.OrdinalIgnoreCase);
        return table <= 0 ? null : new UriBuilder(tableEndpoint) { Host = string.Concat(host.AsSpan(0, table), ".blob.", host.AsSpan(table + 7)) }.Uri;
    }

    private static Uri? BlobEndpoint(Dictionary<string, string> settings, string accountName, Uri tableEndpoint)
    {
        if (settings.TryGetValue("BlobEndpoint", out var explicitEndpoint))
        {
            return Uri.TryCreate(explicitEndpoint.TrimEnd('/'), UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https"
                ? uri
                : throw new FormatException("The connection string's BlobEndpoint is not an http or https address.");
        }

        return settings.ContainsKey("TableEndpoint")
            ? BlobEndpointBeside(tableEndpoint)
            : new Uri($"{settings.GetValueOrDefault("DefaultEndpointsProtocol", "https")}://{accountName}.blob.{settings.GetValueOrDefault("EndpointSuffix", "core.windows.net")}");
    }

    private static Dictionary<string, string> Split(string connectionString)
    {
        var settings = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var part in connectionString.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var eq = part.IndexOf('=');
            if (eq <= 0)
            {
                throw new FormatException("The connection string is not a list of Name=Value settings separated by ';'.");
            }

            settings[part[..eq].Trim()] = part[(eq + 1)..].Trim();
        }

        if (settings.Count == 0)
        {
            throw new FormatException("The connection string is empty.");
        }

        return settings;
    }

    private static Uri TableEndpoint(Dictionary<string, string> settings, string? accountName)
    {
        if (settings.TryGetValue("TableEndpoint", out var explicitEndpoint))
        {
            if (!Uri.TryCreate(explicitEndpoint.TrimEnd('/'), UriKind.Absolute, out var uri) ||
                (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
            {
                throw new FormatException("The connection string's TableEndpoint is not an http or https address.");
            }

            return uri;
        }

        if (accountName is null)
        {
            throw new FormatException("The connection string has neither an AccountName nor a TableEndpoint.");
        }

        var protocol = settings.GetValueOrDefault("DefaultEndpointsProtocol", "https");
        if (protocol is not ("http" or "https"))
        {
            throw new FormatException("The connection string's DefaultEndpointsProtocol must be http or https.");
        }

        var suffix = settings.GetValueOrDefault("EndpointSuffix", "core.windows.net");
        return new Uri($"{protocol}://{accountName}.table.{suffix}");
    }

    public static string AccountNameFromEndpoint(Uri endpoint)
    {
        var firstSegment = endpoint.AbsolutePath.Trim('/').Split('/')[0];
        if (endpoint.IsLoopback && firstSegment.Length > 0)
        {
            return firstSegment;
        }

        return endpoint.Host.Split('.')[0];
    }

    private static StorageAuth SharedKey(string key)
    {
        try
        {
            return StorageAuth.SharedKey(key);
        }
        catch (FormatException)
        {
            throw new FormatException("The connection string's AccountKey is not valid base64.");
        }
    }
}
